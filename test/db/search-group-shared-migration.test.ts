import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { activeAccount, createBank } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { reapplyMigration } from '../support/reapply-migration.js';

// The migration keeps on each search group whether another group has its key (`shared`), from the
// groups already there: a key two values share (made here by an older value under the key of
// "Soylent Foods") marks both, and no other group.
const MIGRATION = '20261231800000_search_group_shared';
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  const account = await activeAccount(ws.ctx, 'desk@example.com');
  await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods' });
  await createBank(ws.ctx, account, { beneficiaryName: 'Jane Doe' });
  await h.deps.sql(Prisma.sql`INSERT INTO search_groups (workspace_id, key, text, coin, n)
    SELECT workspace_id, key, 'Qwertz Shared', coin, 0 FROM search_groups WHERE workspace_id = ${ws.workspaceId}::uuid AND text = 'Soylent Foods'
    RETURNING key`);
}, 120_000);
afterAll(async () => h?.close());

const groups = async () =>
  (
    await h.deps.sql<{ line: string }>(Prisma.sql`
      SELECT concat_ws(' ', text, shared) AS line FROM search_groups WHERE workspace_id = ${ws.workspaceId}::uuid ORDER BY text`)
  ).map((r) => r.line);

describe(`migration ${MIGRATION}`, () => {
  it('marks the groups of a key two values share, and only those', async () => {
    expect(await reapplyMigration(h, MIGRATION, 'ALTER TABLE search_groups DROP COLUMN shared')).toEqual([MIGRATION]);
    expect(await groups()).toEqual(['Jane Doe f', 'Qwertz Shared t', 'Soylent Foods t']);
  });
});
