import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTransactions } from '../../src/core/transactions/list-transactions.js';
import { rebuildSearchGroups } from '../../src/core/transactions/search-groups.js';
import { simulateTransactionStatus } from '../../src/core/transactions/simulate-transaction-status.js';
import { nextStatuses, type TransactionStatus } from '../../src/core/transactions/status-transitions.js';
import type { TransactionDto } from '../../src/core/transactions/transaction-row.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { seedTransactions } from '../../src/operator/seed/seed-transactions.js';
import { activeAccount, at, createBank } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, restClient, startHarness } from '../support/harness.js';
import { matchesSearch, searchTexts, words } from '../support/search-oracle.js';

// A search with a status, type and/or coin filter, or alone, takes its total from the counts
// (search groups', accounts') and its page from a walk of the newest rows or from each key's and
// account's newest rows (search-dense.ts). Against the oracle on random one-word queries (the
// words of the names and emails, cut short) and several-word ones, with the statuses changed
// through the use case after the seed.
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let rows: TransactionDto[];
/** The ids of each coin's rows (a trade is under both its currencies), as the API lists them. */
const ofCoin: Record<string, Set<string>> = {};
beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  await seedTransactions(
    { ...at(ws.ctx, '2026-06-30T12:00:00.000Z'), bulk: h.database.bulk },
    { transactions: 1500, accounts: 10, seed: 37 },
  );
  const later = at(ws.ctx, '2026-07-01T12:00:00.000Z');
  const account = await activeAccount(later, 'soylent.buyer@example.com');
  await createBank(later, account, { beneficiaryName: 'Soylent Foods' });
  await createBank(later, account, { beneficiaryName: 'Quince Word Payee' });
  // Status changes move rows between the counts of their key.
  const movable = await h.deps.sql<{ id: string; status: TransactionStatus; type: string }>(Prisma.sql`
    SELECT id, status::text AS status, transaction_type::text AS type FROM transactions
    WHERE workspace_id = ${ws.workspaceId}::uuid AND status IN ('pending', 'processing') AND search_key IS NOT NULL
    ORDER BY id LIMIT 40`);
  for (const [i, r] of movable.entries()) {
    const to = nextStatuses(r.status, r.type)[i % 2];
    if (to) await simulateTransactionStatus(ws.ctx, { transactionId: r.id, body: { status: to } });
  }
  rows = await listAll();
  for (const coin of ['USD', 'EUR']) ofCoin[coin] = new Set((await listAll({ coin })).map((r) => r.id));
}, 180_000);
afterAll(async () => h?.close());

async function listAll(filter: { coin?: string } = {}): Promise<TransactionDto[]> {
  const client = restClient(h, ws.apiKey);
  const out: TransactionDto[] = [];
  for (let page = 1; ; page++) {
    const { data } = await client.GET('/api/v2/transactions', { params: { query: { ...filter, page, limit: 1000 } } });
    out.push(...data!.data);
    if (out.length >= data!.total) return out;
  }
}

/** Each distinct word of the names and emails, and a prefix of it (the one-word queries people type), in a fixed order. */
function oneWordQueries(): string[] {
  const all = new Set<string>();
  for (const r of rows) for (const text of searchTexts(r)) for (const w of words(text)) if (w.length >= 3 && !/^\d+$/.test(w)) all.add(w);
  const sorted = [...all].sort();
  return sorted.flatMap((w, i) => (i % 3 === 0 ? [w, w.slice(0, Math.max(3, w.length - 2))] : [w])).slice(0, 80);
}

/** Two consecutive words of the names (the second cut short every other time), in a fixed order: queries of several words. */
function severalWordQueries(): string[] {
  const all = new Set<string>();
  for (const r of rows) {
    for (const text of searchTexts(r)) {
      const ws_ = words(text);
      for (let i = 0; i + 1 < ws_.length; i++) all.add(`${ws_[i]} ${all.size % 2 ? ws_[i + 1] : (ws_[i + 1] ?? '').slice(0, 2)}`);
    }
  }
  return [...all]
    .sort()
    .filter((_, i) => i % 7 === 0)
    .slice(0, 20);
}

/** The rows `filter` (status, type, coin) keeps, newest first, matching `q`: the oracle. */
function expectedOf(q: string, filter: Record<string, string>): string[] {
  return rows
    .filter((r) => matchesSearch(r, q) && (!filter.status || r.status === filter.status))
    .filter((r) => !filter.transactionType || r.transactionType === filter.transactionType)
    .filter((r) => !filter.coin || ofCoin[filter.coin]?.has(r.id))
    .map((r) => r.id);
}

async function search(query: Record<string, string | number>) {
  const { data, error } = await restClient(h, ws.apiKey).GET('/api/v2/transactions', { params: { query } });
  expect(error, JSON.stringify(query)).toBeUndefined();
  return { total: data!.total, ids: data!.data.map((r) => r.id) };
}

const FILTERS: Record<string, string>[] = [
  {},
  { status: 'completed' },
  { status: 'pending' },
  { transactionType: 'bank' },
  { status: 'failed', transactionType: 'bank' },
  { transactionType: 'crypto' },
  { coin: 'USD' },
  { coin: 'EUR', status: 'completed' },
  { coin: 'USD', transactionType: 'bank', status: 'pending' },
];

describe('a search alone or with a status, type and coin, from the counts', () => {
  it('agrees with the oracle on every one-word query of the names and emails, each filter, first and later pages', async () => {
    const queries = [...oneWordQueries(), ...severalWordQueries(), 'soylent', 'quince', 'soylent.buyer', 'soylent foods', 'zzzz-nothing'];
    expect(queries.length).toBeGreaterThan(60);
    for (const q of queries) {
      for (const [i, filter] of FILTERS.entries()) {
        const expected = expectedOf(q, filter);
        const page = i % 2 === 0 ? 1 : 2;
        const got = await search({ search: q, ...filter, limit: 15, page });
        expect(got, `${q} ${JSON.stringify(filter)} page ${page}`).toEqual({
          total: expected.length,
          ids: expected.slice((page - 1) * 15, page * 15),
        });
      }
    }
  }, 300_000);

  it('the same from the newest rows of each key and account (no walk), as for sparse matches', async () => {
    for (const q of [...oneWordQueries().slice(0, 30), ...severalWordQueries().slice(0, 10), 'soylent', 'soylent.buyer', 'soylent foods']) {
      for (const [i, filter] of FILTERS.entries()) {
        const expected = expectedOf(q, filter);
        const page = (i % 3) + 1;
        const got = await listTransactions(ws.ctx, { search: q, ...filter, limit: 10, page }, { denseWalkRows: 0 });
        expect({ total: got.total, ids: got.data.map((r) => r.id) }, `${q} ${JSON.stringify(filter)} page ${page}`).toEqual({
          total: expected.length,
          ids: expected.slice((page - 1) * 10, page * 10),
        });
      }
    }
  }, 300_000);

  it('past the last page: the total alone', async () => {
    const expected = rows.filter((r) => matchesSearch(r, 'soylent') && r.status === 'completed').length;
    expect(expected).toBeGreaterThan(10);
    expect(await search({ search: 'soylent', status: 'completed', limit: 100, page: 500 })).toEqual({ total: expected, ids: [] });
  });

  it("the groups' counts by status kept by inserts and status changes equal those rebuilt from the rows", async () => {
    const counts = () =>
      h.deps.sql<{ line: string }>(Prisma.sql`
        SELECT concat_ws(' ', key, text, coin, n, n_pending, n_processing, n_completed, n_failed, n_canceled, n_returned) AS line
        FROM search_groups WHERE workspace_id = ${ws.workspaceId}::uuid ORDER BY key, text, coin`);
    const kept = await counts();
    expect(kept.length).toBeGreaterThan(10);
    // Status changes happened: some group counts rows under a status other than pending.
    expect(kept.some((g) => !/ \d+ \d+ 0 0 0 0 0$/.test(g.line))).toBe(true);
    await h.deps.db.$transaction((tx) => rebuildSearchGroups(tx, ws.workspaceId));
    expect(await counts()).toEqual(kept);
  });
});
