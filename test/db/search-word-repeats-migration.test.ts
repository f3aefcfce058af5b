import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateTransactionStatus } from '../../src/core/transactions/simulate-transaction-status.js';
import { activeAccount, at, createBank, EUR_SWIFT } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { reapplyMigration } from '../support/reapply-migration.js';
import { keptRepeats } from '../support/search-repeats.js';

// The migration fills search_word_repeats from the rows already there with SQL of its own (it
// cannot import ROW_REPEATS): what it writes must equal what the writes keep.
const MIGRATION = '20261231300000_search_word_repeats';
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  const ctx = at(ws.ctx, '2026-07-01T12:00:00.000Z');
  const account = await activeAccount(at(ws.ctx, '2026-06-30T12:00:00.000Z'), 'payroll@example.com');
  await createBank(ctx, account, { beneficiaryName: 'Payroll Payment', addenda: ['PAYEE PAY 1 Paypal'] });
  await createBank(ctx, account, { ...EUR_SWIFT, beneficiaryName: 'Zeta Zetan zeta1 Ab Abc' });
  const changed = await createBank(ctx, account, { beneficiaryName: 'Acme Acmes', addenda: ['ACMEX 2026 202607'] });
  await createBank(ctx, account, { beneficiaryName: 'Plain Name' });
  await simulateTransactionStatus(ctx, { transactionId: changed.id, body: { status: 'processing' } });
}, 120_000);
afterAll(async () => h?.close());

const repeats = () => keptRepeats(h, ws.workspaceId);

describe(`migration ${MIGRATION}`, () => {
  it('fills the repeated words of existing rows as the writes keep them', async () => {
    const kept = await repeats();
    expect(kept.map((r) => r.row.split(' ').slice(0, 2).join(' '))).toEqual([
      '202607 2026',
      'acmes acme',
      'acmex acmes',
      'payee pay',
      'payment payee',
      'paypal payment',
      'payroll paypal',
      'zeta1 zeta',
      'zetan zeta1',
    ]);
    expect(kept.some((r) => r.row.includes('processing'))).toBe(true);
    // The table as before the migration, which the project's migrator then applies again.
    expect(await reapplyMigration(h, MIGRATION, 'DROP TABLE search_word_repeats')).toEqual([MIGRATION]);
    expect(await repeats()).toEqual(kept);
  });
});
