import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTransactions } from '../../src/core/transactions/list-transactions.js';
import type { CountedSearch } from '../../src/core/transactions/search-filter-sql.js';
import { rebuildSearchWordCounts } from '../../src/core/transactions/search-word-counts.js';
import { isWordSearch, oneWord, wordSearchPage, wordSearchTotal } from '../../src/core/transactions/search-words.js';
import { simulateTransactionStatus } from '../../src/core/transactions/simulate-transaction-status.js';
import type { TransactionDto } from '../../src/core/transactions/transaction-row.js';
import { parseDateRange } from '../../src/core/validation/date-range.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { activeAccount, at, createBank, createCrypto, createTrade, EUR_SWIFT } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { expectedIds, listedRows } from '../support/listed-rows.js';
import { inDates, matchesSearch } from '../support/search-oracle.js';
import { keptRepeats } from '../support/search-repeats.js';

// A one-word search takes its total from the word counts (search-words.ts) when one counted word
// starts with it. The shapes that could make such a total wrong, each against the oracle: the word
// in a PAYMENT addenda line, twice in one row (two fields, one field twice), the query a prefix of
// the word, a row matching by name and by its account's email, by email only, by reference only,
// the word inside another (not at its start), and two words sharing the query's start.
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let rows: TransactionDto[];
// Each coin's rows as the list without a search answers them (the counts' and coins' index, not the words').
let coinRows: Map<string, Set<string>>;
beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  const ctx = at(ws.ctx, '2026-07-01T12:00:00.000Z');
  const opened = at(ws.ctx, '2026-06-29T12:00:00.000Z');
  const mailed = await activeAccount(opened, 'soylent.buyer@example.com');
  const plain = await activeAccount(opened, 'plain.person@example.com');
  const made: string[] = [];
  const bank = async (account: string, extra: Record<string, unknown>, when = ctx) =>
    made.push((await createBank(when, account, extra)).id);
  await bank(plain, { beneficiaryName: 'Soylent Foods', addenda: ['PAYMENT SOYLENT 123'] });
  await bank(plain, { beneficiaryName: 'Jane Doe', addenda: ['PAYMENT 555 soylent'] });
  await bank(plain, { beneficiaryName: 'Jane Doe', addenda: ['PAYMENT 556'] });
  await bank(mailed, { beneficiaryName: 'Soylent Foods' });
  await bank(mailed, { beneficiaryName: 'Soylent soylent Foods' });
  await bank(mailed, { beneficiaryName: 'Jane Doe' });
  await bank(plain, { beneficiaryName: 'Foodsoylent Co', reference: 'soylent-ref-1' });
  await bank(plain, { beneficiaryName: 'Quince Orchard' });
  await bank(plain, { beneficiaryName: 'Quincey Ltd', addenda: ['PAYMENT QUINCE 9'] });
  await bank(plain, { beneficiaryName: 'Hooli Inc' });
  made.push((await createCrypto(ctx, mailed)).id);
  made.push((await createCrypto(ctx, plain)).id);
  // Other coins: a word under EUR only, the email's account in GBP, a trade under both its coins.
  const swift = { instrumentType: 'swift', beneficiarySwiftCode: 'DEUTDEFF', beneficiaryRoutingNumber: undefined };
  await bank(plain, { ...swift, coin: 'EUR', beneficiaryName: 'Soylent Euro Payment' });
  await bank(mailed, { ...swift, coin: 'GBP', beneficiaryName: 'Jane Doe' });
  made.push((await createTrade(ctx, mailed)).id);
  // Other days: just before midnight, and at it (the next day's first instant).
  const early = at(ws.ctx, '2026-06-30T23:59:59.999Z');
  const late = at(ws.ctx, '2026-07-02T00:00:00.000Z');
  await bank(plain, { beneficiaryName: 'Soylent Early' }, early);
  await bank(mailed, { beneficiaryName: 'Jane Doe' }, early);
  await bank(plain, { beneficiaryName: 'Jane Doe', addenda: ['PAYMENT SOYLENT 777'] }, late);
  await bank(mailed, { beneficiaryName: 'Hooli Inc' }, late);
  // Status changes move a row's words between the counts of its statuses.
  for (const [i, id] of made.entries()) {
    if (i % 3 === 0) await simulateTransactionStatus(ctx, { transactionId: id, body: { status: 'processing' } });
    if (i % 6 === 0) await simulateTransactionStatus(ctx, { transactionId: id, body: { status: 'completed' } });
  }
  ({ rows, coinRows } = await listedRows(ws.ctx, ['USD', 'EUR', 'GBP', 'BTC', 'ETH']));
}, 120_000);
afterAll(async () => h?.close());

const FILTERS: Record<string, string>[] = [
  {},
  { status: 'completed' },
  { status: 'processing' },
  { status: 'pending' },
  { transactionType: 'bank' },
  { status: 'pending', transactionType: 'crypto' },
  { coin: 'USD' },
  { coin: 'EUR' },
  { coin: 'GBP', status: 'pending' },
  { coin: 'BTC' },
  { coin: 'ETH', transactionType: 'crypto' },
  { startDate: '2026-07-01' },
  { endDate: '2026-06-30' },
  { startDate: '2026-07-01', endDate: '2026-07-01' },
  { startDate: '2026-07-02T00:00:00Z' },
  { endDate: '2026-07-02T00:00:00+00:00' },
  { endDate: '2026-07-01T23:59:59.999Z' },
  { startDate: '2026-06-30T23:00:00Z' },
  { startDate: '2026-07-01T06:00:00Z', endDate: '2026-07-01T18:00:00Z' },
  { startDate: '2026-06-30T23:59:59.998Z', endDate: '2026-06-30T23:59:59.999Z' },
  { startDate: '2026-06-30T12:00:00Z', endDate: '2026-07-02T00:00:00Z' },
  { startDate: '2026-06-30T23:00:00+02:00', endDate: '2026-07-01T00:30:00-01:00' },
  { startDate: '2026-07-01', status: 'pending' },
  { endDate: '2026-07-01T23:59:59.999Z', status: 'processing' },
  { startDate: '2026-06-30T23:00:00Z', status: 'completed', transactionType: 'bank' },
  { startDate: '2026-07-01', transactionType: 'crypto' },
  { startDate: '2026-07-01', coin: 'USD' },
  { startDate: '2026-06-30', endDate: '2026-07-01', coin: 'EUR' },
  { endDate: '2026-07-01T23:59:59.999Z', coin: 'USD', status: 'processing' },
  { startDate: '2026-06-30T23:00:00Z', coin: 'GBP' },
  { startDate: '2026-07-01T06:00:00Z', endDate: '2026-07-02T18:00:00Z', coin: 'USD', transactionType: 'bank' },
  { startDate: '2026-07-01', coin: 'BTC' },
  { startDate: '2026-06-30T01:00:00Z', endDate: '2026-07-01T20:00:00Z' },
  { startDate: '2026-07-01T11:00:00Z', coin: 'USD', status: 'processing' },
  { startDate: '0001-01-01T02:00:00Z', endDate: '2026-06-30T20:00:00Z' },
  { startDate: '9999-12-30', endDate: '9999-12-31T18:00:00Z', coin: 'USD' },
];
const QUERIES = [
  'soylent',
  'soyl',
  'SOYLENT',
  '-soylent-',
  'foods',
  'payment',
  '555',
  'quince',
  'quincey',
  'jane',
  'plain',
  'hooli',
  'zzzz',
];

const expected = (q: string, filter: Record<string, string>) => expectedIds({ rows, coinRows }, q, filter);

const counted = (search: string, filter: Record<string, string>): CountedSearch => {
  const { startDate, endDate, ...rest } = filter;
  return { workspaceId: ws.workspaceId, search: search.toLowerCase(), range: parseDateRange(startDate, endDate), ...rest };
};

describe('a one-word search from the word counts', () => {
  it('the one word of a query, or none', () => {
    expect(oneWord('soylent')).toBe('soylent');
    expect(oneWord('-soylent-')).toBe('soylent');
    expect(oneWord('soylent foods')).toBeUndefined();
    expect(oneWord('soylent.buyer')).toBeUndefined();
    expect(oneWord('söylent')).toBeUndefined();
  });

  it('agrees with the oracle on each shape, each filter, every page', async () => {
    expect(rows.length).toBe(19);
    expect([...(coinRows.get('USD') ?? [])]).toHaveLength(15);
    for (const q of QUERIES) {
      for (const filter of FILTERS) {
        const all = expected(q, filter);
        for (let page = 1; page <= Math.max(1, Math.ceil(all.length / 2)) + 1; page++) {
          const got = await listTransactions(ws.ctx, { search: q, ...filter, limit: 2, page });
          expect({ total: got.total, ids: got.data.map((r) => r.id) }, `${q} ${JSON.stringify(filter)} page ${page}`).toEqual({
            total: all.length,
            ids: all.slice((page - 1) * 2, page * 2),
          });
        }
      }
    }
  }, 120_000);

  it('with a coin, counts the rows in both names and emails from the word counts of that coin', async () => {
    // With a coin, the rows whose names match of the accounts whose email matches are counted
    // from those accounts' word counts in the coin (search-both.ts, `inBoth`), less the repeats of
    // the coin; against the oracle. "soylent" is in an email and in names.
    let both = 0;
    for (const q of QUERIES) {
      for (const filter of FILTERS.filter((x) => x.coin && !x.startDate && !x.endDate && isWordSearch(counted(q, x)))) {
        const want = expected(q, filter).length;
        const total = await wordSearchTotal(ws.ctx, counted(q, filter));
        if (total !== undefined) expect(total, `${q} ${JSON.stringify(filter)}`).toBe(want);
        if (total !== undefined && q === 'soylent' && want > 0) both++;
      }
    }
    expect(both).toBeGreaterThan(2);
  }, 120_000);

  it('answers from the word counts when one counted word starts with the query, and not otherwise', async () => {
    for (const q of ['soylent', 'soyl', 'quincey', 'payment', 'plain', 'zzzz', 'ref']) {
      for (const filter of FILTERS.filter((x) => isWordSearch(counted(q, x)))) {
        const page = await wordSearchPage(ws.ctx, counted(q, filter), 0, 20);
        expect(page, `${q} ${JSON.stringify(filter)}`).toBeDefined();
        expect(page?.total, `${q} ${JSON.stringify(filter)}`).toBe(expected(q, filter).length);
        expect(await wordSearchTotal(ws.ctx, counted(q, filter))).toBe(expected(q, filter).length);
      }
    }
    // With a coin: from the per-coin counts, the email's rows from the account's counts in that
    // coin (the trade under BTC and USD), less those also named (read from the rows: `soylent` in
    // the names of the email's account).
    for (const [q, filter] of [
      ['plain', { coin: 'USD' }],
      ['plain', { coin: 'EUR', status: 'pending' }],
      ['payment', { coin: 'EUR' }],
      ['payment', { coin: 'USD', status: 'completed' }],
      ['euro', { coin: 'EUR' }],
      ['euro', { coin: 'USD' }],
      ['jane', { coin: 'GBP' }],
      ['hooli', { coin: 'BTC' }],
      ['soylent', { coin: 'USD' }],
      ['soylent', { coin: 'USD', status: 'pending' }],
      ['soylent', { coin: 'USD', status: 'completed' }],
      ['soylent', { coin: 'BTC' }],
      ['soylent', { coin: 'GBP' }],
      ['soylent', { coin: 'EUR', transactionType: 'bank' }],
    ] as const) {
      const page = await wordSearchPage(ws.ctx, counted(q, filter), 0, 20);
      expect(page?.total, `${q} ${JSON.stringify(filter)}`).toBe(expected(q, filter).length);
      expect(page?.rows.map((r) => r.id)).toEqual(expected(q, filter).slice(0, 20));
      expect(await wordSearchTotal(ws.ctx, counted(q, filter))).toBe(expected(q, filter).length);
    }
    expect(expected('soylent', { coin: 'USD' })).toHaveLength(11);
    // Dates and nothing else with them: whole days from the counts per day, a bound inside a day
    // (an end instant is included: midnight's own millisecond is the next day's) from the rows.
    const taken = FILTERS.filter((x) => isWordSearch(counted('soylent', x))).map((x) => JSON.stringify(x));
    expect(taken).toContain('{"startDate":"2026-07-01","endDate":"2026-07-01"}');
    expect(taken).toContain('{"endDate":"2026-07-01T23:59:59.999Z"}');
    expect(taken).toContain('{"endDate":"2026-07-02T00:00:00+00:00"}');
    expect(taken).toContain('{"startDate":"2026-06-30T23:00:00Z"}');
    expect(taken).toContain('{"startDate":"2026-07-01","status":"pending"}');
    expect(taken).toContain('{"endDate":"2026-07-01T23:59:59.999Z","status":"processing"}');
    // With a coin too: whole days from the counts per day and set of coins, parts of days from the rows.
    expect(taken).toContain('{"startDate":"2026-07-01","coin":"USD"}');
    expect(taken).toContain('{"startDate":"2026-06-30T23:00:00Z","coin":"GBP"}');
    for (const filter of [{ startDate: '2026-06-30T23:00:00Z' }, { endDate: '2026-07-02T00:00:00+00:00' }] as Record<string, string>[]) {
      expect(await wordSearchTotal(ws.ctx, counted('soylent', filter))).toBe(expected('soylent', filter).length);
    }
    expect(expected('soylent', { endDate: '2026-07-02T00:00:00+00:00' })).toHaveLength(expected('soylent', {}).length);
    // The last millisecond of a day: a named row and the email's account's row.
    expect(expected('soylent', { startDate: '2026-06-30T23:59:59.998Z', endDate: '2026-06-30T23:59:59.999Z' })).toHaveLength(2);
    for (const filter of [
      { startDate: '2026-07-01', coin: 'USD' },
      { startDate: '2026-06-30', endDate: '2026-07-01', coin: 'EUR' },
      { startDate: '2026-07-01T06:00:00Z', endDate: '2026-07-02T18:00:00Z', coin: 'USD', status: 'processing' },
    ] as Record<string, string>[]) {
      const want = expected('soylent', filter);
      const page = await wordSearchPage(ws.ctx, counted('soylent', filter), 0, 20);
      expect({ total: page?.total, ids: page?.rows.map((r) => r.id) }, JSON.stringify(filter)).toEqual({ total: want.length, ids: want });
    }
    expect(expected('soylent', { startDate: '2026-07-01', coin: 'USD' }).length).toBeGreaterThan(3);
    expect(expected('soylent', { startDate: '2026-06-30', endDate: '2026-07-01', coin: 'EUR' })).toHaveLength(1);
    expect(expected('soylent', { endDate: '2026-06-30' })).toHaveLength(2);
    expect(expected('soylent', { startDate: '2026-07-02' })).toHaveLength(2);
    // `quince` starts `quince` and `quincey`: the row holding both is counted twice by the counts,
    // then once less (its repeated word, search-word-repeats.ts), over dates too.
    for (const filter of FILTERS.filter((x) => isWordSearch(counted('quince', x)))) {
      expect(await wordSearchTotal(ws.ctx, counted('quince', filter)), JSON.stringify(filter)).toBe(expected('quince', filter).length);
      const page = await wordSearchPage(ws.ctx, counted('quince', filter), 0, 20);
      expect(
        page?.rows.map((r) => r.id),
        JSON.stringify(filter),
      ).toEqual(expected('quince', filter));
    }
    expect(expected('quince', {})).toHaveLength(2);
    expect(expected('quince', { startDate: '2026-07-01' })).toHaveLength(2);
    // With a coin the walk may also read 4 rows per row the groups' search would check (the word's
    // matches in every coin): the newest of "soylent" in EUR (1 in 19 rows) is walked with a
    // budget of 1 row, as "soylent" matches more than 5 rows in all; "euro" matches 1 in all: read
    // from its keys; 20 of "soylent" in EUR would need a walk of 380 rows, more than 4 per match.
    // (A later page of them may be located by the days of its matches: search-word-days.ts.)
    const page = (q: string, filter: Record<string, string>, take: number) =>
      wordSearchPage(ws.ctx, counted(q, filter), 0, take, 1).then(
        (p) => p && { path: p.path, total: p.total, ids: p.rows.map((r) => r.id) },
      );
    const eur = expected('soylent', { coin: 'EUR' });
    expect(await page('soylent', { coin: 'EUR' }, 1)).toEqual({ path: 'walk', total: 1, ids: eur });
    expect(expected('soylent', {}).length).toBeGreaterThan(5);
    expect(expected('euro', {})).toHaveLength(1);
    expect(await page('euro', { coin: 'EUR' }, 1)).toEqual({ path: 'keys', total: 1, ids: expected('euro', { coin: 'EUR' }) });
    expect(await page('soylent', { coin: 'EUR' }, 20)).toEqual({ path: 'keys', total: 1, ids: eur });
    // Not with a status other than completed (its walk reads the status index, row by row through
    // the table): from the keys, whose index holds each row's status and coin.
    const pending = expected('soylent', { coin: 'USD', status: 'pending' });
    expect(pending.length).toBeGreaterThan(0);
    expect(await page('soylent', { coin: 'USD', status: 'pending' }, 1)).toEqual({
      path: 'keys',
      total: pending.length,
      ids: pending.slice(0, 1),
    });
    // Every page with no dense walk (a budget of 1 row), where the word counts answer it: by the
    // days of the matches only when no row of an email's account is in the filter (they are not
    // counted per day), else walked or from the keys and accounts.
    // A page past the last match that would be read from the keys is known from the counts alone
    // (`end`: no second statement), when no email's account has rows in the filter.
    const ends: string[] = [];
    for (const q of QUERIES) {
      for (const filter of FILTERS.filter((x) => !x.startDate && !x.endDate)) {
        const all = expected(q, filter);
        for (let skip = 0; skip <= all.length + 1; skip += 2) {
          const got = await wordSearchPage(ws.ctx, counted(q, filter), skip, 2, 1);
          if (got?.path === 'end') ends.push(`${q} ${JSON.stringify(filter)} ${skip}`);
          if (got)
            expect({ total: got.total, ids: got.rows.map((r) => r.id) }, `${q} ${JSON.stringify(filter)} ${skip}`).toEqual({
              total: all.length,
              ids: all.slice(skip, skip + 2),
            });
        }
      }
    }
    expect(ends).toContain('jane {"coin":"GBP","status":"pending"} 2');
    // With dates too: a page past the last match, if answered here, is empty with the exact total.
    let datedEnds = 0;
    for (const q of QUERIES) {
      for (const filter of FILTERS.filter((x) => x.startDate || x.endDate)) {
        const all = expected(q, filter);
        for (const skip of [all.length, all.length + 1]) {
          const got = await wordSearchPage(ws.ctx, counted(q, filter), skip, 2, 1);
          if (got?.path === 'end') datedEnds++;
          if (got)
            expect({ total: got.total, ids: got.rows }, `${q} ${JSON.stringify(filter)} ${skip}`).toEqual({ total: all.length, ids: [] });
        }
      }
    }
    expect(datedEnds).toBeGreaterThan(0);
    // Sparse matches (no walk allowed): from the keys and accounts; with dates, left to the groups.
    const none = await wordSearchPage(ws.ctx, counted('soylent', {}), 0, 20, 0);
    expect({ path: none?.path, ids: none?.rows.map((r) => r.id) }).toEqual({ path: 'keys', ids: expected('soylent', {}).slice(0, 20) });
    expect(await wordSearchPage(ws.ctx, counted('soylent', { startDate: '2026-06-30' }), 0, 20, 0)).toBeUndefined();
    expect(await wordSearchTotal(ws.ctx, counted('soylent foods', {}))).toBeUndefined();
  });

  it('the word counts kept by inserts and status changes equal those rebuilt from the rows', async () => {
    const counts = () =>
      h.deps.sql<{ row: string }>(Prisma.sql`
        SELECT concat_ws(' ', word, account_id, coin, transaction_type, status, n) AS row FROM search_word_counts
        WHERE workspace_id = ${ws.workspaceId}::uuid AND n <> 0
        UNION ALL
        SELECT concat_ws(' ', word, coin, transaction_type, status, n) AS row FROM search_word_coin_counts
        WHERE workspace_id = ${ws.workspaceId}::uuid AND n <> 0
        UNION ALL
        SELECT concat_ws(' ', word, day, transaction_type, status, coins, n) AS row FROM search_word_day_counts
        WHERE workspace_id = ${ws.workspaceId}::uuid AND n <> 0 ORDER BY 1`);
    const kept = await counts();
    expect(kept.map((r) => r.row.split(' ')[0])).toContain('soylent');
    expect(kept.map((r) => r.row.split(' ').slice(0, 2).join(' '))).toContain('euro EUR');
    expect(kept.map((r) => r.row.split(' ').slice(0, 3).join(' '))).toContain('soylent 2026-06-30 bank');
    expect(kept.filter((r) => /^euro 2026-07-01 bank \w+ EUR 1$/.test(r.row))).toHaveLength(1);
    expect(kept.map((r) => r.row.split(' ')[3])).toContain('processing');
    await h.deps.db.$transaction((tx) => rebuildSearchWordCounts(tx, ws.workspaceId));
    expect(await counts()).toEqual(kept);
  });

  it('counts a row holding several words that start with the query once, whatever their number, filter or day', async () => {
    const other = await workspaceFactory(h.deps);
    const day1 = at(other.ctx, '2026-07-01T12:00:00.000Z');
    const day2 = at(other.ctx, '2026-07-02T09:00:00.000Z');
    const opened = at(other.ctx, '2026-06-30T12:00:00.000Z');
    const account = await activeAccount(opened, 'someone@example.com');
    const mailed = await activeAccount(opened, 'zeta.desk@example.com');
    const made: string[] = [];
    const bank = async (when: typeof day1, who: string, extra: Record<string, unknown>) =>
      made.push((await createBank(when, who, extra)).id);
    // Three words starting `zeta` in one row, two in others (in the names and the addenda), across
    // days, coins and the email's account; 21 words in all, as the overlap's limit refused before.
    await bank(day1, account, { beneficiaryName: 'Zeta Foods', addenda: ['PAYMENT ZETA1X ZETAX'] });
    await bank(day2, account, { ...EUR_SWIFT, beneficiaryName: 'Zetan Zetax' });
    await bank(day2, mailed, { beneficiaryName: 'Zetax Zeta', addenda: ['zetab'] });
    await bank(day1, mailed, { beneficiaryName: 'Plain Name' });
    for (let i = 1; i <= 18; i++) await bank(i % 2 ? day1 : day2, account, { beneficiaryName: `Zeta${i}y Corp` });
    await bank(day1, account, { beneficiaryName: 'Zet Ltd', addenda: ['ZE TA'] });
    for (const [i, id] of made.entries()) {
      if (i % 3 === 0) await simulateTransactionStatus(day2, { transactionId: id, body: { status: 'processing' } });
    }
    const all = (await listTransactions(other.ctx, { limit: 100 })).data;
    const eurRows = new Set((await listTransactions(other.ctx, { coin: 'EUR', limit: 100 })).data.map((r) => r.id));
    const oracle = (q: string, filter: Record<string, string>) =>
      all
        .filter((r) => matchesSearch(r, q) && (!filter.status || r.status === filter.status))
        .filter((r) => !filter.coin || (filter.coin === 'EUR') === eurRows.has(r.id))
        .filter((r) => inDates(r.createdAt, filter))
        .map((r) => r.id);
    const search = (q: string, filter: Record<string, string>): CountedSearch => {
      const { startDate, endDate, ...rest } = filter;
      return { workspaceId: other.workspaceId, search: q, range: parseDateRange(startDate, endDate), ...rest };
    };
    for (const q of ['zeta', 'zet', 'zetax', 'zeta1', 'zetan']) {
      for (const filter of [
        {},
        { status: 'processing' },
        { status: 'pending' },
        { coin: 'USD' },
        { coin: 'EUR' },
        { startDate: '2026-07-02' },
        { endDate: '2026-07-01' },
        { startDate: '2026-07-01T18:00:00Z' },
      ] as Record<string, string>[]) {
        const want = oracle(q, filter);
        const label = `${q} ${JSON.stringify(filter)}`;
        expect(await wordSearchTotal(other.ctx, search(q, filter)), label).toBe(want.length);
        const page = await wordSearchPage(other.ctx, search(q, filter), 0, 5);
        expect(page?.total, label).toBe(want.length);
        expect(
          page?.rows.map((r) => r.id),
          label,
        ).toEqual(want.slice(0, 5));
        expect((await listTransactions(other.ctx, { search: q, ...filter, limit: 5 })).total, label).toBe(want.length);
      }
    }
    expect(oracle('zeta', {})).toHaveLength(22);
    // A word of 2 characters (a query has 3 or more: "-ze-") starting several words: the groups answer it.
    expect(await wordSearchTotal(other.ctx, search('-ze-', {}))).toBeUndefined();
    expect((await listTransactions(other.ctx, { search: '-ze-' })).total).toBe(oracle('-ze-', {}).length);
    expect(oracle('-ze-', {}).length).toBeGreaterThan(20);
    // The repeats kept by inserts and status changes equal those rebuilt from the rows.
    const repeats = () => keptRepeats(h, other.workspaceId);
    const kept = await repeats();
    // Each word after the first of a row's run in bytewise order, with its predecessor.
    expect(kept.map((r) => r.row.split(' ').slice(0, 2).join(' '))).toEqual([
      'zeta1x zeta',
      'zetab zeta',
      'zetax zeta1x',
      'zetax zetab',
      'zetax zetan',
    ]);
    await h.deps.db.$transaction((tx) => rebuildSearchWordCounts(tx, other.workspaceId));
    expect(await repeats()).toEqual(kept);
  });
});
