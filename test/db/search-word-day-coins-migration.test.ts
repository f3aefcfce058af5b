import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateTransactionStatus } from '../../src/core/transactions/simulate-transaction-status.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { activeAccount, at, createBank, EUR_SWIFT } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { reapplyMigration } from '../support/reapply-migration.js';

// The migration rebuilds search_word_day_counts, keyed by set of coins too, from the rows already
// there with SQL of its own (it cannot import the code's expressions): what it writes must equal
// what the writes keep.
const MIGRATION = '20261231500000_search_word_day_coins';
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  const day1 = at(ws.ctx, '2026-07-01T12:00:00.000Z');
  const day2 = at(ws.ctx, '2026-07-02T23:59:59.999Z');
  const account = await activeAccount(at(ws.ctx, '2026-06-30T12:00:00.000Z'), 'desk@example.com');
  const gbp = { ...EUR_SWIFT, coin: 'GBP' };
  await createBank(day1, account, { beneficiaryName: 'Soylent Foods', addenda: ['PAYMENT SOYLENT 1'] });
  await createBank(day1, account, { ...EUR_SWIFT, beneficiaryName: 'Soylent Euro' });
  const changed = await createBank(day2, account, { ...gbp, beneficiaryName: 'Soylent Pound' });
  await createBank(day2, account, { beneficiaryName: 'Soylent Foods' });
  await simulateTransactionStatus(day2, { transactionId: changed.id, body: { status: 'processing' } });
}, 120_000);
afterAll(async () => h?.close());

const dayCounts = () =>
  h.deps.sql<{ row: string }>(Prisma.sql`
    SELECT concat_ws(' ', word, day, transaction_type, status, coins, n) AS row FROM search_word_day_counts
    WHERE workspace_id = ${ws.workspaceId}::uuid AND n <> 0 ORDER BY 1`);

describe(`migration ${MIGRATION}`, () => {
  it('counts the words of existing rows per day and set of coins as the writes keep them', async () => {
    const kept = await dayCounts();
    expect(kept.map((r) => r.row).filter((r) => r.startsWith('soylent '))).toEqual([
      'soylent 2026-07-01 bank pending EUR 1',
      'soylent 2026-07-01 bank pending USD 1',
      'soylent 2026-07-02 bank pending USD 1',
      'soylent 2026-07-02 bank processing GBP 1',
    ]);
    // The table as before the migration (no coins), which the project's migrator then applies again.
    expect(await reapplyMigration(h, MIGRATION, 'ALTER TABLE search_word_day_counts DROP COLUMN coins')).toEqual([MIGRATION]);
    expect(await dayCounts()).toEqual(kept);
  });
});
