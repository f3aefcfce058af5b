import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateTransactionStatus } from '../../src/core/transactions/simulate-transaction-status.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { activeAccount, createBank, createCrypto } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { reapplyMigration } from '../support/reapply-migration.js';

// The migration gives each search group its counts by status from the rows already there (the
// same as the writes keep), and drops the search key counts they replace.
const MIGRATION = '20261231990000_search_group_statuses';
// As before it (one command: PGlite prepares the undo as one statement).
const UNDO = `DO $$ BEGIN
  ALTER TABLE search_groups DROP COLUMN n_pending, DROP COLUMN n_processing, DROP COLUMN n_completed,
    DROP COLUMN n_failed, DROP COLUMN n_canceled, DROP COLUMN n_returned;
  CREATE TABLE search_key_counts (workspace_id uuid NOT NULL, key bigint NOT NULL,
    transaction_type transaction_type NOT NULL, status transaction_status NOT NULL, n bigint NOT NULL,
    PRIMARY KEY (workspace_id, key, transaction_type, status));
  ALTER TABLE search_key_counts ADD CONSTRAINT search_key_counts_workspace_id_fkey FOREIGN KEY (workspace_id)
    REFERENCES workspaces(id) ON DELETE CASCADE ON UPDATE CASCADE;
END $$`;
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  const account = await activeAccount(ws.ctx, 'desk@example.com');
  const a = await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods' });
  const b = await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods' });
  await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods' });
  const c = await createBank(ws.ctx, account, { beneficiaryName: 'Jane Doe' });
  await createCrypto(ws.ctx, account);
  await simulateTransactionStatus(ws.ctx, { transactionId: a.id, body: { status: 'processing' } });
  await simulateTransactionStatus(ws.ctx, { transactionId: a.id, body: { status: 'completed' } });
  await simulateTransactionStatus(ws.ctx, { transactionId: b.id, body: { status: 'canceled' } });
  await simulateTransactionStatus(ws.ctx, { transactionId: c.id, body: { status: 'processing' } });
}, 120_000);
afterAll(async () => h?.close());

const groups = async () =>
  (
    await h.deps.sql<{ line: string }>(Prisma.sql`
      SELECT concat_ws(' ', text, n, n_pending, n_processing, n_completed, n_failed, n_canceled, n_returned) AS line
      FROM search_groups WHERE workspace_id = ${ws.workspaceId}::uuid ORDER BY text`)
  ).map((r) => r.line);

describe(`migration ${MIGRATION}`, () => {
  it('counts each group by status from its rows, as the writes keep them, and drops the key counts', async () => {
    const kept = await groups();
    // text, n, then pending, processing, completed, failed, canceled, returned.
    expect(kept).toEqual(['Jane Doe 1 0 1 0 0 0 0', 'Soylent Foods 3 1 0 1 0 1 0']);
    expect(await reapplyMigration(h, MIGRATION, UNDO)).toEqual([MIGRATION]);
    expect(await groups()).toEqual(kept);
    const [gone] = await h.deps.sql<{ t: string | null }>(Prisma.sql`SELECT to_regclass('search_key_counts')::text AS t`);
    expect(gone?.t).toBeNull();
  });
});
