import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateTransactionStatus } from '../../src/core/transactions/simulate-transaction-status.js';
import { activeAccount, at, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, rawRequest, restClient, startHarness, trpcClient } from '../support/harness.js';

// The cursor of GET /api/v2/transactions (`after` / `nextCursor`): a reader paging through while
// others insert and change transactions sees every transaction that existed at its start exactly
// once; numbered pages do not (the first test shows the problem the cursor solves).
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let alice: string;
let bob: string;
let made = 0;

/** A transaction of one of three kinds, at `iso` (several share a millisecond: the id breaks the tie). */
async function make(accountId: string, iso: string) {
  made += 1;
  const ctx = at(ws.ctx, iso);
  const kind = made % 3;
  const reference = `cursor-ref-${made}`;
  const t =
    kind === 0
      ? await createBank(ctx, accountId, { reference })
      : kind === 1
        ? await createCrypto(ctx, accountId, { reference })
        : await createTrade(ctx, accountId, { reference });
  return t.id;
}

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  alice = await activeAccount(ws.ctx, 'alice-cursor@example.com');
  bob = await activeAccount(ws.ctx, 'bob-cursor@example.com');
  for (let i = 0; i < 24; i++) {
    // Pairs share a millisecond: 2025-02-01T10:00:00.000Z twice, then .001 twice...
    await make(i % 2 ? alice : bob, `2025-02-01T10:00:00.${String(Math.floor(i / 2)).padStart(3, '0')}Z`);
  }
});
afterAll(async () => h?.close());

type Query = Record<string, string | number>;
const api = () => restClient(h, ws.apiKey);

async function page(query: Query) {
  const { data, error, response } = await api().GET('/api/v2/transactions', { params: { query: query as never } });
  if (error) throw new Error(`${response.status} ${JSON.stringify(error)}`);
  return data!;
}

async function allIds(query: Query): Promise<string[]> {
  const ids: string[] = [];
  for (let p = 1; ; p++) {
    const got = await page({ ...query, page: p, limit: 100 });
    ids.push(...got.data.map((t) => t.id));
    if (got.data.length < 100) return ids;
  }
}

/** Between two pages: new transactions (now, so in front of the list), and status changes of old ones. */
async function meanwhile(round: number, existing: string[]) {
  await make(alice, new Date().toISOString());
  await make(bob, new Date().toISOString());
  const changed = existing[(round * 5) % existing.length]!;
  await simulateTransactionStatus(ws.ctx, { transactionId: changed, body: { status: round % 2 ? 'processing' : 'canceled' } }).catch(
    () => undefined, // a transaction already final cannot move: the other changes are enough
  );
}

/** Reads the whole list with the cursor, writing between the pages; every page's `total` is exact at its time. */
async function readWithCursor(filters: Query, limit: number, existing: string[]) {
  const seen: string[] = [];
  let after: string | undefined;
  let round = 0;
  do {
    const got = await page({ ...filters, limit, ...(after ? { after } : {}) });
    expect(got.data.length).toBeLessThanOrEqual(limit);
    expect(got.page).toBe(1);
    expect(got.total).toBe((await allIds(filters)).length);
    seen.push(...got.data.map((t) => t.id));
    after = got.nextCursor ?? undefined;
    if (after) expect(got.data).toHaveLength(limit);
    await meanwhile(round++, existing);
  } while (after);
  return seen;
}

function expectEachOnce(seen: string[], existing: string[]) {
  expect(new Set(seen).size).toBe(seen.length);
  const set = new Set(seen);
  expect(existing.filter((id) => !set.has(id))).toEqual([]);
}

describe('GET /api/v2/transactions with a cursor', () => {
  it('numbered pages shift under inserts; the cursor does not', async () => {
    const first = await page({ limit: 5 });
    await make(alice, new Date().toISOString());
    const second = await page({ limit: 5, page: 2 });
    // The last of page 1 is now the first of page 2: the problem.
    expect(second.data[0]!.id).toBe(first.data[4]!.id);
    const next = await page({ limit: 5, after: first.nextCursor! });
    expect(next.data.map((t) => t.id)).not.toContain(first.data[4]!.id);
    expect(next.data[0]!.id).toBe(second.data[1]!.id);
  });

  it.each([
    ['no filter', {}, 7],
    ['an account', { accountId: 'alice' }, 4],
    ['a type and a coin', { transactionType: 'crypto', coin: 'eth' }, 3],
    ['a search', { search: 'cursor-ref' }, 5],
    ['a search and an account', { search: 'cursor', accountId: 'bob' }, 2],
    // Its cursor pages from the search's sets (search-sets.ts), its totals from its groups of the coin.
    ['a search and a coin', { search: 'cursor', coin: 'usd' }, 3],
  ])('with %s, sees every transaction that existed at the start exactly once', async (_name, raw, limit) => {
    const filters: Query = { ...raw };
    if (filters.accountId === 'alice') filters.accountId = alice;
    if (filters.accountId === 'bob') filters.accountId = bob;
    const existing = await allIds(filters);
    expect(existing.length).toBeGreaterThan(limit);
    const seen = await readWithCursor(filters, limit, existing);
    expectEachOnce(seen, existing);
    // In the list's order: what was there at the start comes in the same order.
    expect(seen.filter((id) => existing.includes(id))).toEqual(existing);
  });

  it('a numbered page gives a cursor too; it is null on the last page; the limit may change', async () => {
    const total = (await page({ limit: 1 })).total;
    const last = await page({ limit: 10, page: Math.ceil(total / 10) });
    expect(last.nextCursor).toBeNull();
    const exact = await page({ limit: total });
    expect(exact.nextCursor).toBeNull();
    const cut = await page({ limit: total - 1 });
    const rest = await page({ limit: 10, after: cut.nextCursor! });
    expect(rest.data).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
    // The limit may change between pages; the filters may not.
    expect(rest.total).toBe(total);
  });
});

describe('bad cursors are 400 on REST, tRPC and GraphQL', () => {
  const get = async (query: Query, apiKey = ws.apiKey) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    return rawRequest(h, 'GET', `/api/v2/transactions?${qs}`, { headers: { authorization: `APIKey ${apiKey}` } });
  };
  const viaTrpc = (query: Query, apiKey = ws.apiKey) =>
    trpcClient(h, apiKey)
      .transactions.list.query(query as never)
      .then(() => undefined)
      .catch((e) => ({ code: e.data.code, errors: e.data.errors }));
  const viaGraphql = async (query: Query, apiKey = ws.apiKey) => {
    const { after, page, limit, ...filter } = query;
    const r = await graphql(
      h,
      apiKey,
      'query($f: TransactionFilter, $after: String, $page: Int, $limit: Int) { transactions(filter: $f, after: $after, page: $page, limit: $limit) { total nextCursor data { id } } }',
      { f: filter, after, page, limit },
    );
    return r.errors?.[0]?.extensions;
  };

  it.each([
    ['garbage', () => ({ after: 'not a cursor' }), 'after', 'is not a cursor'],
    ['base64 without a signature', () => ({ after: Buffer.from('{"v":1}').toString('base64url') }), 'after', 'is not a cursor'],
    ['altered', (c: string) => ({ after: alter(c) }), 'after', 'was altered'],
    ['signed elsewhere', () => ({ after: `${Buffer.from('{"v":1}').toString('base64url')}.x` }), 'after', 'was altered'],
    ['other filters', (c: string) => ({ after: c, status: 'pending' }), 'after', 'other filters'],
    ['a page above 1', (c: string) => ({ after: c, page: 2 }), 'page', 'with after'],
    ['too long', () => ({ after: 'a'.repeat(600) }), 'after', 'at most 512'],
  ])('%s', async (_name, query, field, message) => {
    const cursor = (await page({ limit: 2 })).nextCursor!;
    const q = query(cursor) as Query;
    const rest = await get(q);
    expect(rest.status).toBe(400);
    expect(rest.headers.get('content-type')).toContain('application/problem+json');
    expect(rest.body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(rest.body.errors).toEqual([expect.objectContaining({ field, message: expect.stringContaining(message) })]);
    const trpc = await viaTrpc(q);
    expect(trpc).toEqual({ code: 'VALIDATION_FAILED', errors: rest.body.errors });
    const gql = await viaGraphql(q);
    expect(gql).toMatchObject({ code: 'VALIDATION_FAILED', errors: rest.body.errors });
  });

  it("a cursor of another list is refused: the accounts list's on transactions", async () => {
    const accounts = await api().GET('/api/v2/accounts', { params: { query: { limit: 1 } } });
    const rest = await get({ after: accounts.data!.nextCursor! });
    expect(rest.status).toBe(400);
    expect(rest.body.errors).toEqual([
      expect.objectContaining({ field: 'after', message: expect.stringContaining('another list (accounts)') }),
    ]);
  });

  it("workspace A's cursor tells workspace B nothing of A, on every protocol", async () => {
    const b = await workspaceFactory(h.deps);
    const other = await activeAccount(b.ctx, 'b-cursor@example.com');
    await createBank(b.ctx, other);
    await createBank(b.ctx, other);
    const cursor = (await page({ limit: 2 })).nextCursor!;
    const rest = await get({ after: cursor }, b.apiKey);
    expect(rest.status).toBe(400);
    expect(rest.body.errors).toEqual([
      expect.objectContaining({ field: 'after', message: expect.stringContaining('not issued for this workspace') }),
    ]);
    const text = JSON.stringify(rest.body);
    expect(text).not.toContain(ws.workspaceId);
    expect(text).not.toContain(alice);
    expect(await viaTrpc({ after: cursor }, b.apiKey)).toEqual({ code: 'VALIDATION_FAILED', errors: rest.body.errors });
    expect(await viaGraphql({ after: cursor }, b.apiKey)).toMatchObject({ code: 'VALIDATION_FAILED', errors: rest.body.errors });
    // B's own cursor pages B's own list only.
    const mine = await get({ limit: 1 }, b.apiKey);
    const next = await get({ limit: 1, after: mine.body.nextCursor }, b.apiKey);
    expect(next.body).toMatchObject({ total: 2, nextCursor: null });
  });
});

/** The cursor with one character of its payload changed (its signature no longer fits). */
function alter(cursor: string): string {
  const [body, signature] = cursor.split('.') as [string, string];
  const i = Math.floor(body.length / 2);
  return `${body.slice(0, i)}${body[i] === 'A' ? 'B' : 'A'}${body.slice(i + 1)}.${signature}`;
}
