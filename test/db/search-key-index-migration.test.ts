import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTransactions } from '../../src/core/transactions/list-transactions.js';
import { simulateTransactionStatus } from '../../src/core/transactions/simulate-transaction-status.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { activeAccount, createBank, createCrypto, EUR_SWIFT } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { reapplyMigration } from '../support/reapply-migration.js';

// The search key index holds each row's status and coin after its key: a sparse search reads a
// key's rows of one status and coin as one range of it (src/core/transactions/search-probes.ts).
const MIGRATION = '20261231998000_search_key_index_status_coin';
const UNDO = `DO $$ BEGIN
  DROP INDEX transactions_search_key_idx;
  CREATE INDEX transactions_search_key_idx ON transactions (workspace_id, search_key, created_at, id) WHERE search_key IS NOT NULL;
END $$`;
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  const account = await activeAccount(ws.ctx, 'desk@example.com');
  // One value's rows in two coins and three statuses, a crypto row without names.
  const a = await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods' });
  await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods' });
  const b = await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods', ...EUR_SWIFT });
  await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods', ...EUR_SWIFT });
  await createCrypto(ws.ctx, account);
  await simulateTransactionStatus(ws.ctx, { transactionId: a.id, body: { status: 'processing' } });
  await simulateTransactionStatus(ws.ctx, { transactionId: b.id, body: { status: 'canceled' } });
}, 120_000);
afterAll(async () => h?.close());

const definition = async () =>
  (
    (await h.deps.sql<{ def: string }>(Prisma.sql`SELECT pg_get_indexdef('transactions_search_key_idx'::regclass) AS def`))[0]?.def ?? ''
  ).replace(/\s+/g, ' ');

describe(`migration ${MIGRATION}`, () => {
  it('orders the key index by key, status and coin, then time; a search of each status and coin finds its rows', async () => {
    const wanted = /\(workspace_id, search_key, status, coin, created_at, id\) WHERE \(search_key IS NOT NULL\)/;
    expect(await definition()).toMatch(wanted);
    expect(await reapplyMigration(h, MIGRATION, UNDO)).toEqual([MIGRATION]);
    expect(await definition()).toMatch(wanted);
    for (const [coin, status, n] of [
      ['USD', 'pending', 1],
      ['USD', 'processing', 1],
      ['EUR', 'pending', 1],
      ['EUR', 'canceled', 1],
      ['EUR', 'processing', 0],
    ] as const) {
      const want = (
        await h.deps.sql<{ id: string }>(Prisma.sql`
          SELECT id::text FROM transactions WHERE workspace_id = ${ws.workspaceId}::uuid AND coin = ${coin}
            AND status = ${status}::transaction_status AND beneficiary_name = 'Soylent Foods' ORDER BY created_at DESC, id DESC`)
      ).map((r) => r.id);
      expect(want).toHaveLength(n);
      const got = await listTransactions(ws.ctx, { search: 'soylent', coin, status });
      expect({ total: got.total, ids: got.data.map((r) => r.id) }, `${coin} ${status}`).toEqual({ total: n, ids: want });
    }
  });
});
