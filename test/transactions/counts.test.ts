import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTransactions } from '../../src/core/transactions/list-transactions.js';
import { changeTransactionStatus } from '../../src/core/transactions/status-change.js';
import { rebuildCounts } from '../../src/core/transactions/transaction-counts.js';
import { resolveTransactionFilter, transactionWhere } from '../../src/core/transactions/transaction-filter.js';
import { activeAccount, at, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let accountId: string;
/** A second account of the workspace, with a quarter of the transactions, of every type. */
let otherAccountId: string;
/** An account of another workspace, with transactions of its own. */
let foreignAccountId: string;

// Times on and around day boundaries, over four days.
const TIMES = [
  '2025-03-01T00:00:00.000Z',
  '2025-03-01T00:00:00.001Z',
  '2025-03-01T11:30:00.000Z',
  '2025-03-01T23:59:59.999Z',
  '2025-03-02T00:00:00.000Z',
  '2025-03-02T05:00:00.000Z',
  '2025-03-02T22:00:00.000Z',
  '2025-03-03T12:00:00.000Z',
  '2025-03-04T23:59:59.999Z',
];

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  accountId = await activeAccount(ws.ctx);
  otherAccountId = await activeAccount(ws.ctx);
  const foreign = await workspaceFactory(h.deps);
  foreignAccountId = await activeAccount(foreign.ctx);
  await createBank(foreign.ctx, foreignAccountId);
  let i = 0;
  for (const time of TIMES) {
    for (const make of [createBank, createCrypto, createTrade]) {
      const tx = await make(
        at(ws.ctx, time),
        i % 4 === 1 ? otherAccountId : accountId,
        make === createCrypto && i % 2
          ? { coin: 'USDC', network: 'solana', amount: '3', targetAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' }
          : {},
      );
      if (i % 3 === 0) await h.deps.db.$transaction((db) => changeTransactionStatus(db, ws.ctx, tx.id, 'processing', ''));
      if (i % 5 === 0)
        await h.deps.db.$transaction((db) => changeTransactionStatus(db, ws.ctx, tx.id, 'canceled', '')).catch(() => undefined);
      i++;
    }
  }
});
afterAll(async () => h?.close());

/** The number of `ctx`'s transactions matching `filter`, counted row by row. */
async function direct(filter: Record<string, string>, ctx = ws.ctx): Promise<number> {
  const rows = await h.deps.db.$queryRaw<
    { n: bigint }[]
  >`SELECT count(*) AS n FROM transactions t WHERE ${transactionWhere(resolveTransactionFilter(ctx, filter))}`;
  return Number(rows[0]!.n);
}

const ranges: Record<string, string>[] = [
  {},
  { startDate: '2025-03-02' },
  { endDate: '2025-03-01' },
  { startDate: '2025-03-01', endDate: '2025-03-01' },
  { startDate: '2025-03-01', endDate: '2025-03-03' },
  { startDate: '2025-03-01T00:00:00.001Z', endDate: '2025-03-02' },
  { startDate: '2025-03-01T12:00:00Z', endDate: '2025-03-01T23:59:59.999Z' },
  { startDate: '2025-03-01T23:59:59.999Z', endDate: '2025-03-02T00:00:00Z' },
  { startDate: '2025-03-02T01:00:00+02:00', endDate: '2025-03-03T23:00:00-02:00' },
  { startDate: '2025-03-01T06:00:00Z' },
  { endDate: '2025-03-02T05:00:00Z' },
  { startDate: '2025-02-01', endDate: '2025-02-28' },
];
const filters: Record<string, string>[] = [
  {},
  { transactionType: 'trade' },
  { status: 'pending' },
  { coin: 'usd' },
  { coin: 'USDC' },
  { transactionType: 'crypto', status: 'processing', coin: 'eth' },
];

describe('list totals from the count table equal counting the rows', () => {
  const cases = ranges.flatMap((r) => filters.map((f) => ({ ...r, ...f })));
  it.each(cases)('%j', async (filter) => {
    const page = await listTransactions(ws.ctx, { ...filter, limit: 1 });
    expect(page.total).toBe(await direct(filter));
  });

  // By account: without dates or search from the account's counts, otherwise by counting rows.
  const byAccount: [string, Record<string, string>][] = [
    ['the first account', {}],
    ['the first account, pending', { status: 'pending' }],
    ['the first account, trade', { transactionType: 'trade' }],
    ['the first account, USDC', { coin: 'usdc' }],
    ['the first account, crypto canceled ETH', { transactionType: 'crypto', status: 'canceled', coin: 'ETH' }],
    ['the first account, from a date', { startDate: '2025-03-02' }],
    ['the first account, to a date', { endDate: '2025-03-02T05:00:00Z' }],
    ['the first account, to the end of time', { endDate: '9999-12-31T23:59:59.999Z' }],
  ];
  it.each(byAccount)('%s', async (_, filter) => {
    const totals: number[] = [];
    for (const id of [accountId, otherAccountId]) {
      const page = await listTransactions(ws.ctx, { ...filter, accountId: id, limit: 1 });
      expect(page.total).toBe(await direct({ ...filter, accountId: id }));
      totals.push(page.total);
    }
    expect(totals[0]).toBeGreaterThan(0);
  });

  it("another workspace's account, and an account that does not exist, total 0 here", async () => {
    expect(await direct({ accountId: foreignAccountId })).toBe(0);
    expect((await listTransactions(ws.ctx, { accountId: foreignAccountId })).total).toBe(0);
    expect((await listTransactions(ws.ctx, { accountId: '00000000-0000-4000-8000-000000000000' })).total).toBe(0);
  });

  it("the two accounts' totals add up to the workspace's, for every status", async () => {
    for (const status of [undefined, 'pending', 'processing', 'completed', 'canceled']) {
      const f = status ? { status } : {};
      const [a, b, all] = await Promise.all([
        listTransactions(ws.ctx, { ...f, accountId, limit: 1 }),
        listTransactions(ws.ctx, { ...f, accountId: otherAccountId, limit: 1 }),
        listTransactions(ws.ctx, { ...f, limit: 1 }),
      ]);
      expect(a.total + b.total).toBe(all.total);
    }
  });

  it('rebuilding from the rows gives the same count table as incremental upkeep', async () => {
    const read = () =>
      h.deps.db.$queryRaw<unknown[]>`SELECT coin, day::text, transaction_type::text, status::text, n::int FROM transaction_counts
        WHERE workspace_id = ${ws.workspaceId}::uuid AND n <> 0 ORDER BY 1, 2, 3, 4`;
    const readAccounts = () =>
      h.deps.db.$queryRaw<unknown[]>`SELECT account_id::text, coin, transaction_type::text, status::text, n::int
        FROM account_transaction_counts WHERE workspace_id = ${ws.workspaceId}::uuid AND n <> 0 ORDER BY 1, 2, 3, 4`;
    const incremental = await read();
    const incrementalAccounts = await readAccounts();
    await rebuildCounts(h.deps.db, ws.workspaceId);
    expect(await read()).toEqual(incremental);
    expect(await readAccounts()).toEqual(incrementalAccounts);
    expect(incremental.length).toBeGreaterThan(10);
    expect(incrementalAccounts.length).toBeGreaterThan(10);
  });
});

describe('count upkeep under concurrent writes', () => {
  it('concurrent inserts and status changes in one account all succeed and leave exact totals', async () => {
    const w = await workspaceFactory(h.deps);
    const a = await activeAccount(w.ctx);
    const b = await activeAccount(w.ctx);
    const first = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createBank(w.ctx, a)));
    const makers = [createBank, createCrypto, createTrade];
    const results = await Promise.allSettled([
      ...first.map((t, i) =>
        h.deps.db.$transaction((db) => changeTransactionStatus(db, w.ctx, t.id, i % 2 ? 'processing' : 'canceled', '')),
      ),
      ...Array.from({ length: 12 }, (_, i) => makers[i % 3]!(w.ctx, i % 4 === 0 ? b : a)),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    for (const accountFilter of [a, b]) {
      for (const status of [undefined, 'pending', 'processing', 'canceled']) {
        const filter: Record<string, string> = status ? { accountId: accountFilter, status } : { accountId: accountFilter };
        expect((await listTransactions(w.ctx, { ...filter, limit: 1 })).total).toBe(await direct(filter, w.ctx));
      }
    }
    expect((await listTransactions(w.ctx, { accountId: a, limit: 1 })).total).toBe(15);
    expect((await listTransactions(w.ctx, { accountId: b, limit: 1 })).total).toBe(3);
  });
});
