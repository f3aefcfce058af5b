import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countedSearchPage } from '../../src/core/transactions/search-dense.js';
import type { CountedSearch } from '../../src/core/transactions/search-filter-sql.js';
import { rebuildSearchGroups } from '../../src/core/transactions/search-groups.js';
import { wordSearchPage, wordSearchTotal } from '../../src/core/transactions/search-words.js';
import { simulateTransactionStatus } from '../../src/core/transactions/simulate-transaction-status.js';
import type { TransactionDto } from '../../src/core/transactions/transaction-row.js';
import { parseDateRange } from '../../src/core/validation/date-range.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { seedTransactions } from '../../src/operator/seed/seed-transactions.js';
import { activeAccount, at, createBank, createCrypto } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, restClient, startHarness } from '../support/harness.js';
import { inDates, matchesSearch, searchTexts, words } from '../support/search-oracle.js';

// A search alone takes its total from the counts of the matching search groups and its page from
// the newest rows or each group's newest rows (search-dense.ts); with other filters (account, coin,
// dates) it checks every candidate (search-page.ts). Both against the oracle, on
// seeded rows and rows inserted after them, with random queries drawn from the rows' fields.
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let rows: TransactionDto[];
beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  await seedTransactions(
    { ...at(ws.ctx, '2026-06-30T12:00:00.000Z'), bulk: h.database.bulk },
    { transactions: 3000, accounts: 12, seed: 27 },
  );
  // Inserted through the use cases: into existing groups, into new ones, and without names.
  const later = at(ws.ctx, '2026-07-01T12:00:00.000Z');
  const account = await activeAccount(later, 'late.payer@example.com');
  const first = await createBank(later, account, { beneficiaryName: 'Soylent Foods' });
  await createBank(later, account, { beneficiaryName: 'Soylent Foods' });
  const zed = await createBank(later, account, { beneficiaryName: 'Zed Unique Payee', addenda: ['PAYMENT INV-2026-1'] });
  await createCrypto(later, account);
  // Status changes through the use case move rows between their groups' counts by status.
  for (const id of [first.id, zed.id]) await simulateTransactionStatus(later, { transactionId: id, body: { status: 'processing' } });
  await simulateTransactionStatus(later, { transactionId: first.id, body: { status: 'completed' } });
  rows = await listAll();
}, 120_000);
afterAll(async () => h?.close());

/** Every transaction of the workspace (of a coin, in a range), newest first, through the API. */
async function listAll(filter: { coin?: string; startDate?: string; endDate?: string } = {}): Promise<TransactionDto[]> {
  const client = restClient(h, ws.apiKey);
  const out: TransactionDto[] = [];
  for (let page = 1; ; page++) {
    const { data } = await client.GET('/api/v2/transactions', { params: { query: { ...filter, page, limit: 1000 } } });
    out.push(...data!.data);
    if (out.length >= data!.total) return out;
  }
}

/** A deterministic generator (mulberry32), so a failure names a query that fails again. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Queries drawn from the rows' fields: 1-3 consecutive words from any position, the last cut short, joined as people type them. */
function queries(n: number): string[] {
  const rnd = random(27);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
  const out: string[] = [];
  while (out.length < n) {
    const r = pick(rows);
    const ws = words(pick(searchTexts(r)));
    if (!ws.length) continue;
    const from = Math.floor(rnd() * ws.length);
    const taken = ws.slice(from, from + 1 + Math.floor(rnd() * 3));
    const last = taken.length - 1;
    taken[last] = (taken[last] as string).slice(0, 1 + Math.floor(rnd() * (taken[last] as string).length));
    const q = taken.join(pick([' ', '-', ': ', '.']));
    if (q.length >= 3) out.push(q); // the contract's shortest search
  }
  return out;
}

async function search(query: Record<string, string | number>) {
  const { data, error } = await restClient(h, ws.apiKey).GET('/api/v2/transactions', { params: { query } });
  expect(error, JSON.stringify(query)).toBeUndefined();
  return { total: data!.total, ids: data!.data.map((r) => r.id) };
}

describe('search totals and pages from the search groups', () => {
  it('agree with the oracle on random queries, alone and with other filters, on the first and a later page', async () => {
    const inUsd = new Set((await listAll({ coin: 'usd' })).map((r) => r.id));
    expect(inUsd.size).toBeGreaterThan(100);
    // A range of instants between two rows' (the list is newest first), and the rows the API puts in it.
    const range = { startDate: (rows[2000] as TransactionDto).createdAt, endDate: (rows[400] as TransactionDto).createdAt };
    const inRange = new Set((await listAll(range)).map((r) => r.id));
    expect(inRange.size).toBeGreaterThan(1000);
    expect(inRange.size).toBeLessThan(rows.length - 500);
    const all = [...queries(70), 'soylent foods', 'zed unique', 'payment inv 2026 1', 'late.payer', 'orig name: ', 'zzzz-nothing'];
    let matched = 0;
    for (const q of all) {
      const expected = rows.filter((r) => matchesSearch(r, q)).map((r) => r.id);
      if (expected.length) matched++;
      for (const page of [1, 3]) {
        const got = await search({ search: q, limit: 20, page });
        expect(got, q).toEqual({ total: expected.length, ids: expected.slice((page - 1) * 20, page * 20) });
      }
      const bank = rows.filter((r) => r.transactionType === 'bank' && matchesSearch(r, q)).map((r) => r.id);
      expect(await search({ search: q, transactionType: 'bank', limit: 20 }), q).toEqual({ total: bank.length, ids: bank.slice(0, 20) });
      // With a status (the groups' counts by status, moved by the status changes above), and a type
      // rows with names never have.
      const done = rows.filter((r) => r.status === 'completed' && matchesSearch(r, q)).map((r) => r.id);
      expect(await search({ search: q, status: 'completed', limit: 20 }), q).toEqual({ total: done.length, ids: done.slice(0, 20) });
      const crypto = rows.filter((r) => r.transactionType === 'crypto' && r.status === 'pending' && matchesSearch(r, q)).map((r) => r.id);
      expect(await search({ search: q, transactionType: 'crypto', status: 'pending', limit: 20 }), q).toEqual({
        total: crypto.length,
        ids: crypto.slice(0, 20),
      });
      // With a coin: a one-word query from the word counts per coin when dense (search-words.ts);
      // else the search's keys and accounts resolved first, the coin checked on its candidates (search-sets.ts).
      const usd = rows.filter((r) => inUsd.has(r.id) && matchesSearch(r, q)).map((r) => r.id);
      expect(await search({ search: q, coin: 'usd', limit: 20, page: 2 }), q).toEqual({ total: usd.length, ids: usd.slice(20, 40) });
      // With dates, alone and with a coin.
      const dated = rows.filter((r) => inRange.has(r.id) && matchesSearch(r, q)).map((r) => r.id);
      expect(await search({ search: q, ...range, limit: 20 }), q).toEqual({ total: dated.length, ids: dated.slice(0, 20) });
      const both = rows.filter((r) => inRange.has(r.id) && inUsd.has(r.id) && matchesSearch(r, q)).map((r) => r.id);
      expect(await search({ search: q, ...range, coin: 'usd', limit: 20 }), q).toEqual({ total: both.length, ids: both.slice(0, 20) });
    }
    expect(matched).toBeGreaterThan(60);
  }, 120_000);

  it('past the last page: the total alone, from the groups', async () => {
    const expected = rows.filter((r) => matchesSearch(r, 'soylent')).length;
    expect(expected).toBeGreaterThan(20);
    expect(await search({ search: 'soylent', limit: 100, page: 1000 })).toEqual({ total: expected, ids: [] });
  });

  it('a key another group shares: marked on both when a second value comes, its rows then checked one by one', async () => {
    // A 64-bit key may be shared by two different names. Made here: an older value under the key
    // of "Soylent Foods" (as if written before), then a transaction of that name written as the
    // API writes it, which finds the other value of its key and marks both groups shared.
    const [soylent] = await h.deps.sql<{ key: string }>(Prisma.sql`
      SELECT key::text FROM search_groups WHERE workspace_id = ${ws.workspaceId}::uuid AND text = 'Soylent Foods' LIMIT 1`);
    expect(soylent).toBeDefined();
    // Each value's groups (one per coin: the seed's "Soylent Foods" is in several) marked alike.
    const groupsOfKey = () =>
      h.deps.sql<{ line: string }>(Prisma.sql`
        SELECT DISTINCT concat_ws(' ', text, shared) AS line FROM search_groups
        WHERE workspace_id = ${ws.workspaceId}::uuid AND key = ${soylent!.key}::bigint ORDER BY 1`);
    const [coins] = await h.deps.sql<{ n: number }>(Prisma.sql`
      SELECT count(*)::int AS n FROM search_groups WHERE workspace_id = ${ws.workspaceId}::uuid AND key = ${soylent!.key}::bigint`);
    expect(coins?.n).toBeGreaterThan(1);
    expect(await groupsOfKey()).toEqual([{ line: 'Soylent Foods f' }]);
    await h.deps.sql(Prisma.sql`INSERT INTO search_groups (workspace_id, key, text, coin, n)
      VALUES (${ws.workspaceId}::uuid, ${soylent!.key}::bigint, 'Qwertz Shared', 'USD', 0) RETURNING key`);
    // The account's email matches "soylent" too: its rows are in both names and emails.
    const account = await activeAccount(ws.ctx, 'soylent.shared@example.com');
    await createBank(at(ws.ctx, '2026-07-02T12:00:00.000Z'), account, { beneficiaryName: 'Soylent Foods' });
    try {
      expect(await groupsOfKey()).toEqual([{ line: 'Qwertz Shared t' }, { line: 'Soylent Foods t' }]);
      const all = await listAll();
      for (const q of ['soylent foods', 'qwertz shared', 'soy']) {
        const expected = all.filter((r) => matchesSearch(r, q)).map((r) => r.id);
        expect(await search({ search: q, limit: 20, page: 1 }), q).toEqual({ total: expected.length, ids: expected.slice(0, 20) });
        for (const status of ['pending', 'completed'] as const) {
          const of = all.filter((r) => r.status === status && matchesSearch(r, q)).map((r) => r.id);
          expect(await search({ search: q, status, limit: 20 }), `${q} ${status}`).toEqual({ total: of.length, ids: of.slice(0, 20) });
        }
      }
      // One word with a coin: the rows in both counted from the word counts of the coin, whatever
      // their key (search-both.ts); with dates, from their own keys (the shared key's rows read for
      // their names).
      const usd = new Set((await listAll({ coin: 'USD' })).map((r) => r.id));
      for (const q of ['soylent', 'soy']) {
        for (const filter of [{ coin: 'USD' }, { startDate: '2026-07-02' }, { startDate: '2026-07-01T06:00:00Z', coin: 'USD' }]) {
          const want = all.filter((r) => (!filter.coin || usd.has(r.id)) && inDates(r.createdAt, filter) && matchesSearch(r, q));
          const f = { workspaceId: ws.workspaceId, search: q, coin: filter.coin, range: parseDateRange(filter.startDate, undefined) };
          expect(await wordSearchTotal(ws.ctx, f), `${q} ${JSON.stringify(filter)}`).toBe(want.length);
        }
      }
      // Pages from the keys' rows (no walk): the shared key's rows read for their names, with and
      // without a status and a coin; later pages of one word by day, the email account's row (in
      // both, under the shared key) counted per day from its own key.
      const paths = new Set<string>();
      for (const q of ['soylent', 'soylent foods']) {
        for (const filter of [{}, { status: 'pending' }, { coin: 'USD' }, { coin: 'USD', status: 'completed' }] as Record<
          string,
          string
        >[]) {
          const want = all
            .filter((r) => (!filter.coin || usd.has(r.id)) && (!filter.status || r.status === filter.status) && matchesSearch(r, q))
            .map((r) => r.id);
          const f = { workspaceId: ws.workspaceId, search: q, ...filter, range: parseDateRange(undefined, undefined) } as CountedSearch;
          for (const skip of [0, 20, 40]) {
            const word = q === 'soylent' ? await wordSearchPage(ws.ctx, f, skip, 20, skip === 0 ? 0 : 1) : undefined;
            if (word) paths.add(word.path);
            const got = word ?? (await countedSearchPage(ws.ctx, f, skip, 20, 0));
            expect({ total: got.total, ids: got.rows.map((r) => r.id) }, `${q} ${JSON.stringify(filter)} ${skip}`).toEqual({
              total: want.length,
              ids: want.slice(skip, skip + 20),
            });
          }
        }
      }
      expect([...paths].sort()).toEqual(['days', 'keys']);
    } finally {
      // For the test after this one: the older value gone, so the key no longer shared (the
      // transaction stays, counted as any other).
      await h.deps.sql(
        Prisma.sql`DELETE FROM search_groups WHERE workspace_id = ${ws.workspaceId}::uuid AND text = 'Qwertz Shared' RETURNING key`,
      );
      await h.deps.sql(Prisma.sql`UPDATE search_groups SET shared = false
        WHERE workspace_id = ${ws.workspaceId}::uuid AND key = ${soylent!.key}::bigint RETURNING key`);
    }
  });

  it('the groups (and the groups per word) kept by the inserts equal those rebuilt from the rows', async () => {
    const groups = () =>
      h.deps.sql<{ key: string; text: string; coin: string; n: string; shared: boolean }>(Prisma.sql`
        SELECT key::text, text, coin, n::text, shared FROM search_groups WHERE workspace_id = ${ws.workspaceId}::uuid ORDER BY key, text, coin`);
    const wordGroups = () =>
      h.deps.sql<{ line: string }>(Prisma.sql`
        SELECT concat_ws(' ', word, n) AS line FROM search_word_groups WHERE workspace_id = ${ws.workspaceId}::uuid ORDER BY word`);
    const kept = await groups();
    const keptWords = await wordGroups();
    await h.deps.db.$transaction((tx) => rebuildSearchGroups(tx, ws.workspaceId));
    expect(await groups()).toEqual(kept);
    expect(await wordGroups()).toEqual(keptWords);
    // The group inserted through the use case ("Zed Unique Payee / PAYMENT INV-2026-1") counted
    // under its words other groups hold too, not under "zed" (its own).
    expect(keptWords.some((w) => w.line.startsWith('payment '))).toBe(true);
    expect(keptWords.some((w) => w.line.startsWith('zed '))).toBe(false);
    expect(kept.find((g) => g.text === 'Zed Unique Payee\nPAYMENT INV-2026-1')?.n).toBe('1');
  });
});
