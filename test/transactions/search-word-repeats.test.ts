import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTransactions } from '../../src/core/transactions/list-transactions.js';
import type { CountedSearch } from '../../src/core/transactions/search-filter-sql.js';
import { isWordSearch, wordSearchTotal } from '../../src/core/transactions/search-words.js';
import { simulateTransactionStatus } from '../../src/core/transactions/simulate-transaction-status.js';
import type { TransactionDto } from '../../src/core/transactions/transaction-row.js';
import { parseDateRange } from '../../src/core/validation/date-range.js';
import { activeAccount, at, createBank } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { inDates, matchesSearch } from '../support/search-oracle.js';

// A row whose names hold several words starting with a one-word query is counted once (the word
// counts less the repeated words, search-word-repeats.ts): generated names from words that share
// their starts, in both fields and the addenda, across days, coins, statuses and an account whose
// email carries one of them, each query's total against the oracle.
const VOCABULARY = ['pay', 'payee', 'payment', 'payroll', 'paypal', 'pax', 'zeta', 'zetan', 'zeta1', 'zet9', 'abc'];
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let rows: TransactionDto[];
const eurRows = new Set<string>();

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  const opened = at(ws.ctx, '2026-06-29T12:00:00.000Z');
  const accounts = [await activeAccount(opened, 'plain@example.com'), await activeAccount(opened, 'payroll.desk@example.com')];
  const name = fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
  const sample = fc.sample(
    fc.record({
      beneficiaryName: name,
      addenda: fc.array(name, { maxLength: 2 }),
      account: fc.nat(1),
      eur: fc.boolean(),
      hour: fc.integer({ min: 0, max: 71 }),
      status: fc.constantFrom('pending', 'processing', 'completed'),
    }),
    { numRuns: 60, seed: 37 },
  );
  for (const r of sample) {
    const when = at(ws.ctx, new Date(Date.parse('2026-07-01T00:00:00.000Z') + r.hour * 3_600_000 + 1_000).toISOString());
    const eur = r.eur
      ? { instrumentType: 'swift', beneficiarySwiftCode: 'DEUTDEFF', beneficiaryRoutingNumber: undefined, coin: 'EUR' }
      : {};
    const made = await createBank(when, accounts[r.account] as string, {
      ...eur,
      beneficiaryName: r.beneficiaryName,
      addenda: r.eur ? undefined : r.addenda,
    });
    if (r.eur) eurRows.add(made.id);
    if (r.status !== 'pending') await simulateTransactionStatus(when, { transactionId: made.id, body: { status: 'processing' } });
    if (r.status === 'completed') await simulateTransactionStatus(when, { transactionId: made.id, body: { status: 'completed' } });
  }
  rows = (await listTransactions(ws.ctx, { limit: 100 })).data;
}, 120_000);
afterAll(async () => h?.close());

const FILTERS: Record<string, string>[] = [
  {},
  { status: 'completed' },
  { status: 'processing', transactionType: 'bank' },
  { coin: 'EUR' },
  { coin: 'USD', status: 'pending' },
  { startDate: '2026-07-02' },
  { startDate: '2026-07-01', endDate: '2026-07-02' },
  { startDate: '2026-07-01T05:00:00Z', endDate: '2026-07-03T17:00:00Z' },
  { startDate: '2026-07-02', status: 'completed' },
  { startDate: '2026-07-01T05:00:00Z', endDate: '2026-07-03T17:00:00Z', status: 'processing' },
  { endDate: '2026-07-02', status: 'pending', transactionType: 'bank' },
  { startDate: '2026-07-02', coin: 'EUR' },
  { startDate: '2026-07-01T05:00:00Z', endDate: '2026-07-03T17:00:00Z', coin: 'USD', status: 'completed' },
];
const oracle = (q: string, f: Record<string, string>) =>
  rows.filter(
    (r) =>
      matchesSearch(r, q) &&
      (!f.status || r.status === f.status) &&
      (!f.transactionType || r.transactionType === f.transactionType) &&
      (!f.coin || (f.coin === 'EUR') === eurRows.has(r.id)) &&
      inDates(r.createdAt, f),
  ).length;

describe('one-word search over words sharing their start', () => {
  it('counts each row once, from the counts less the repeated words, for every start of every word', async () => {
    expect(rows).toHaveLength(60);
    const queries = [...new Set(VOCABULARY.flatMap((w) => Array.from({ length: w.length - 2 }, (_, i) => w.slice(0, i + 3))))];
    let several = 0;
    for (const q of queries) {
      if (new Set(VOCABULARY.filter((w) => w.startsWith(q))).size > 1) several++;
      for (const f of FILTERS) {
        const { startDate, endDate, ...rest } = f;
        const search: CountedSearch = { workspaceId: ws.workspaceId, search: q, range: parseDateRange(startDate, endDate), ...rest };
        const want = oracle(q, f);
        const label = `${q} ${JSON.stringify(f)}`;
        if (isWordSearch(search)) expect(await wordSearchTotal(ws.ctx, search), label).toBe(want);
        expect((await listTransactions(ws.ctx, { search: q, ...f, limit: 5 })).total, label).toBe(want);
      }
    }
    // Among them queries starting several words: "pay" (5), "zet" (4), "zeta" (3).
    expect(several).toBeGreaterThanOrEqual(3);
  }, 120_000);
});
