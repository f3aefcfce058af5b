import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTransactionStatus } from '../../src/core/transactions/change-transaction-status.js';
import { listTransactions } from '../../src/core/transactions/list-transactions.js';
import { rebuildCounts } from '../../src/core/transactions/transaction-counts.js';
import { resolveTransactionFilter, transactionWhere } from '../../src/core/transactions/transaction-filter.js';
import { activeAccount, at, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let accountId: string;

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
  let i = 0;
  for (const time of TIMES) {
    for (const make of [createBank, createCrypto, createTrade]) {
      const tx = await make(
        at(ws.ctx, time),
        accountId,
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

async function direct(filter: Record<string, string>): Promise<number> {
  const rows = await h.deps.db.$queryRaw<
    { n: bigint }[]
  >`SELECT count(*) AS n FROM transactions t WHERE ${transactionWhere(resolveTransactionFilter(ws.ctx, filter))}`;
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

  it('rebuilding from the rows gives the same count table as incremental upkeep', async () => {
    const read = () =>
      h.deps.db.$queryRaw<unknown[]>`SELECT coin, day::text, transaction_type::text, status::text, n::int FROM transaction_counts
        WHERE workspace_id = ${ws.workspaceId}::uuid AND n <> 0 ORDER BY 1, 2, 3, 4`;
    const incremental = await read();
    await rebuildCounts(h.deps.db, ws.workspaceId);
    expect(await read()).toEqual(incremental);
    expect(incremental.length).toBeGreaterThan(10);
  });
});
