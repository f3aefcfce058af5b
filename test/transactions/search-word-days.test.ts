import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTransactions } from '../../src/core/transactions/list-transactions.js';
import type { CountedSearch } from '../../src/core/transactions/search-filter-sql.js';
import { wordSearchPage } from '../../src/core/transactions/search-words.js';
import { simulateTransactionStatus } from '../../src/core/transactions/simulate-transaction-status.js';
import type { TransactionDto } from '../../src/core/transactions/transaction-row.js';
import { parseDateRange } from '../../src/core/validation/date-range.js';
import { activeAccount, at, createBank, createCrypto, createTrade, EUR_SWIFT } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { expectedIds, listedRows } from '../support/listed-rows.js';

// A later page of a one-word search is located by its matches per UTC day (search-word-days.ts):
// the word's day counts less its repeats, plus the rows matching by a rare field, plus the rows of
// the accounts whose email matches that do not match by name (counted from those accounts' rows,
// back to the day by which the other matches alone fill the page), newest day first; then walked
// from that day's end. Every page of every filter against the oracle, with a walk budget of 1 row
// (so no page is dense), across midnights.
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let rows: TransactionDto[];
let coinRows: Map<string, Set<string>>;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  const account = await activeAccount(at(ws.ctx, '2026-06-30T12:00:00.000Z'), 'ops@example.com');
  const made: string[] = [];
  const bank = async (iso: string, extra: Record<string, unknown>) => made.push((await createBank(at(ws.ctx, iso), account, extra)).id);
  await bank('2026-07-01T10:00:00.000Z', { beneficiaryName: 'Zephyr Trading' });
  await bank('2026-07-01T11:00:00.000Z', { beneficiaryName: 'Jane Doe' });
  // A row holding two words starting "zeph" (its day's last instant): counted under each per day,
  // once less by its repeat; a count too high would shift the pages of the older days.
  await bank('2026-07-02T23:59:59.999Z', { beneficiaryName: 'Zephyr Zephyrus' });
  // Matching by its reference only (a rare field), at the next day's first instant.
  await bank('2026-07-02T00:00:00.000Z', { beneficiaryName: 'Jane Doe', reference: 'zephyr-77' });
  await bank('2026-07-02T12:00:00.000Z', { ...EUR_SWIFT, beneficiaryName: 'Zephyr Euro' });
  await bank('2026-07-02T12:00:00.000Z', { beneficiaryName: 'Other Name' });
  made.push((await createCrypto(at(ws.ctx, '2026-07-03T08:00:00.000Z'), account)).id);
  await bank('2026-07-03T09:00:00.000Z', { beneficiaryName: 'zephyr' });
  await bank('2026-07-03T09:00:00.000Z', { beneficiaryName: 'Zephyr Trading', addenda: ['PAYMENT ZEPHYR 1'] });
  await bank('2026-07-04T00:00:00.001Z', { beneficiaryName: 'Zephyr Trading' });
  await bank('2026-07-04T05:00:00.000Z', { beneficiaryName: 'Jane Doe' });
  // An account whose email matches "zephyr": its rows match whatever their names (one by both, on
  // the newest day: counted twice, every older day's pages would shift), in three coins (a trade's
  // two), over midnights.
  const desk = await activeAccount(at(ws.ctx, '2026-06-30T12:00:00.000Z'), 'zephyr.desk@example.com');
  const deskRow = async (iso: string, extra: Record<string, unknown>) => made.push((await createBank(at(ws.ctx, iso), desk, extra)).id);
  await deskRow('2026-07-04T03:00:00.000Z', { beneficiaryName: 'Zephyr Trading' });
  await deskRow('2026-07-03T23:59:59.999Z', { beneficiaryName: 'Jane Doe' });
  await deskRow('2026-07-04T01:00:00.000Z', { ...EUR_SWIFT, beneficiaryName: 'Other Name' });
  made.push((await createCrypto(at(ws.ctx, '2026-07-01T00:00:00.000Z'), desk)).id);
  made.push((await createTrade(at(ws.ctx, '2026-07-03T00:00:00.000Z'), desk)).id);
  for (const [i, id] of made.entries()) {
    if (i % 3 === 0 || i % 4 === 0) await simulateTransactionStatus(ws.ctx, { transactionId: id, body: { status: 'processing' } });
    if (i % 4 === 0) await simulateTransactionStatus(ws.ctx, { transactionId: id, body: { status: 'completed' } });
  }
  ({ rows, coinRows } = await listedRows(ws.ctx, ['USD', 'EUR', 'BTC']));
}, 120_000);
afterAll(async () => h?.close());

const FILTERS: Record<string, string>[] = [
  {},
  { coin: 'USD' },
  { coin: 'EUR' },
  { coin: 'BTC' },
  { status: 'pending' },
  { status: 'processing' },
  { status: 'completed' },
  { transactionType: 'bank' },
  { transactionType: 'crypto' },
  { transactionType: 'trade' },
  { coin: 'USD', status: 'processing' },
  { coin: 'USD', transactionType: 'bank', status: 'pending' },
];
const QUERIES = ['zephyr', 'zeph', 'zephyrus', 'trading', 'euro', 'jane', 'payment', 'nothing'];

const expected = (q: string, filter: Record<string, string>) => expectedIds({ rows, coinRows }, q, filter);
const counted = (search: string, filter: Record<string, string>): CountedSearch => ({
  workspaceId: ws.workspaceId,
  search,
  range: parseDateRange(undefined, undefined),
  ...filter,
});

describe('a sparse one-word page located by the days of its matches', () => {
  it('agrees with the oracle on every page of every filter, one and two rows a page, and past the end', async () => {
    expect(rows).toHaveLength(16);
    expect(expected('zeph', {}).length).toBe(12);
    let answered = 0;
    for (const q of QUERIES) {
      for (const filter of FILTERS) {
        const all = expected(q, filter);
        for (const take of [1, 2]) {
          for (let skip = 0; skip <= all.length; skip += take) {
            const got = await wordSearchPage(ws.ctx, counted(q, filter), skip, take, 1);
            const label = `${q} ${JSON.stringify(filter)} skip ${skip} take ${take}`;
            // The first page is walked or left to the groups (no budget here): a later one by its day.
            if (skip === 0) {
              if (got) expect(got.rows.map((r) => r.id)).toEqual(all.slice(0, take));
              continue;
            }
            expect(got, label).toBeDefined();
            expect({ total: got?.total, ids: got?.rows.map((r) => r.id) }, label).toEqual({
              total: all.length,
              ids: all.slice(skip, skip + take),
            });
            if (all.length > 0 && got?.path === 'days') answered++;
          }
        }
      }
    }
    expect(answered).toBeGreaterThan(100);
  }, 120_000);

  it('the list pages the same a row at a time when no walk is dense', async () => {
    for (const q of ['zephyr', 'zeph']) {
      for (const filter of [{}, { coin: 'USD' }, { status: 'processing' }] as Record<string, string>[]) {
        const all = expected(q, filter);
        for (let page = 1; page <= all.length + 1; page++) {
          const got = await listTransactions(ws.ctx, { search: q, ...filter, limit: 1, page }, { denseWalkRows: 1 });
          expect({ total: got.total, ids: got.data.map((r) => r.id) }, `${q} ${JSON.stringify(filter)} page ${page}`).toEqual({
            total: all.length,
            ids: all.slice(page - 1, page),
          });
        }
      }
    }
  });
});
