import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICES } from '../../src/core/transactions/catalog.js';
import { answerDoc, chunkWhere, DOC_PART, docQuery, planChunks } from '../../src/core/transactions/stats-chunks.js';
import { resolveTransactionFilter } from '../../src/core/transactions/transaction-filter.js';
import { STATS_GROUPS, transactionStats } from '../../src/core/transactions/transaction-stats.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { seedTransactions } from '../../src/operator/seed/seed-transactions.js';
import { activeAccount, at, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';

// A long row scan of `transactionStats` cut into slices of time (stats-chunks.ts, issue 37): the
// answer added up from the slices must be exactly the single statement's, for random rows (seeded
// batches on several days, transactions created at random instants), random groupings, filters
// (account, search, partial and whole days) and slice sizes, from the rows and from the rollups
// (sliced by whole days); and the slices must partition the rows.
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let account: string;
const NOW = '2026-06-30T12:00:00.000Z';
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayOf = (offset: number) => isoDay(Date.parse(NOW) - offset * DAY_MS);

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  // Two seeded batches (about a day of rows each, one a minute), far apart.
  await seedTransactions({ ...at(ws.ctx, NOW), bulk: h.database.bulk }, { transactions: 900, accounts: 4, seed: 41 });
  await seedTransactions(
    { ...at(ws.ctx, `${dayOf(200)}T05:00:00.000Z`), bulk: h.database.bulk },
    { transactions: 600, accounts: 3, seed: 42 },
  );
  // Another workspace's rows, which no answer may include.
  const other = await workspaceFactory(h.deps);
  await seedTransactions({ ...at(other.ctx, NOW), bulk: h.database.bulk }, { transactions: 200, accounts: 2, seed: 43 });
  account = await activeAccount(ws.ctx, 'chunks@example.com');
}, 300_000);
afterAll(async () => h?.close());

type Op = { kind: 'bank' | 'crypto' | 'trade'; day: number; ms: number; units: number; product: string };
const op: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('bank' as const, 'crypto' as const, 'trade' as const),
  day: fc.nat(650),
  ms: fc.nat(DAY_MS - 1),
  units: fc.integer({ min: 1, max: 5_000_000 }),
  product: fc.constantFrom(...Object.keys(PRICES)),
});

async function apply(o: Op): Promise<void> {
  const ctx = at(ws.ctx, new Date(Date.parse(`${dayOf(o.day)}T00:00:00.000Z`) + o.ms).toISOString());
  if (o.kind === 'bank') await createBank(ctx, account, { amount: (o.units / 100).toFixed(2) });
  else if (o.kind === 'crypto') await createCrypto(ctx, account, { amount: (o.units / 1e6).toFixed(6) });
  else
    await createTrade(ctx, account, {
      product: o.product,
      side: o.units % 2 ? 'buy' : 'sell',
      quantity: ((o.units % 500) / 1000 + 0.001).toFixed(3),
    });
}

const instant = fc
  .record({ day: fc.nat(660), ms: fc.nat(DAY_MS - 1) })
  .map(({ day, ms }) => new Date(Date.parse(`${dayOf(day)}T00:00:00.000Z`) + ms).toISOString());

/** A whole day (date only): the rollups answer, in slices of whole days. */
const day = fc.nat(660).map((d) => dayOf(d));

const query = fc
  .record({
    groupBy: fc.shuffledSubarray([...STATS_GROUPS]),
    transactionType: fc.option(fc.constantFrom('bank', 'crypto', 'trade'), { nil: undefined }),
    status: fc.option(fc.constantFrom('pending', 'processing', 'completed', 'failed', 'canceled', 'returned'), { nil: undefined }),
    coin: fc.option(fc.constantFrom('USD', 'eur', 'BTC', 'ETH', 'USDC'), { nil: undefined }),
    byAccount: fc.boolean(),
    search: fc.option(fc.constantFrom('chunks', 'inv'), { nil: undefined }),
    startDate: fc.option(fc.oneof(instant, day), { nil: undefined }),
    endDate: fc.option(fc.oneof(instant, day), { nil: undefined }),
    chunkRows: fc.integer({ min: 1, max: 700 }),
  })
  .map(({ groupBy, chunkRows, byAccount, startDate, endDate, ...rest }) => {
    const filter: Record<string, string> = {};
    for (const [k, v] of Object.entries(rest)) if (v !== undefined) filter[k] = v;
    if (byAccount) filter.accountId = account;
    // An end before the start is a 400 for both: keep the range valid.
    if (startDate && endDate) {
      const [a, b] = [startDate, endDate].sort();
      if (a !== b && Date.parse(a as string) < Date.parse(b as string)) Object.assign(filter, { startDate: a, endDate: b });
    } else if (startDate) filter.startDate = startDate;
    else if (endDate) filter.endDate = endDate;
    return { groupBy, filter, chunkRows };
  });

describe('transactionStats in slices of time', () => {
  it('answers exactly as one statement does, for random rows, groupings, filters and slice sizes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 4 }), fc.array(query, { minLength: 3, maxLength: 5 }), async (ops, queries) => {
        for (const o of ops) await apply(o);
        for (const q of queries) {
          const input = { filter: q.filter, groupBy: q.groupBy };
          const [whole, sliced, rollups] = await Promise.all([
            transactionStats(ws.ctx, input, { from: 'rows', chunkRows: 0 }),
            transactionStats(ws.ctx, input, { from: 'rows', chunkRows: q.chunkRows }),
            // Whole days without account or search: the rollups, in slices of whole days.
            transactionStats(ws.ctx, input, { chunkRows: q.chunkRows }),
          ]);
          expect(sliced, JSON.stringify(q)).toEqual(whole);
          expect(rollups, JSON.stringify(q)).toEqual(whole);
        }
      }),
      { numRuns: 10, seed: 3715, endOnFailure: true },
    );
  }, 600_000);

  it('cuts a long scan into slices that hold every row once and about the budget each', async () => {
    const filter = resolveTransactionFilter(ws.ctx, {});
    const chunks = await planChunks(ws.ctx, filter, 100);
    // 1,500 seeded rows on 4 days: a busy day is cut into parts of itself.
    expect(chunks.length).toBeGreaterThan(15);
    const counts: number[] = [];
    for (const c of chunks) {
      const [row] = await h.deps.sql<{ n: number }>(
        Prisma.sql`SELECT count(*)::int AS n FROM transactions t WHERE t.workspace_id = ${ws.workspaceId}::uuid AND ${chunkWhere(c)}`,
      );
      counts.push(row?.n ?? 0);
    }
    const [all] = await h.deps.sql<{ n: number }>(
      Prisma.sql`SELECT count(*)::int AS n FROM transactions WHERE workspace_id = ${ws.workspaceId}::uuid`,
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(all?.n);
    // Estimated from whole days: a day's rows are spread over it unevenly, so allow twice the budget.
    expect(Math.max(...counts)).toBeLessThanOrEqual(200);
    // Without anything to cut, one statement.
    expect(await planChunks(ws.ctx, filter, 1_000_000)).toEqual([{}]);
  }, 120_000);

  it('answers a large answer as several documents, in order, and none for no rows', async () => {
    // 2.25 documents' worth of rows: three documents of at most DOC_PART, ordered by the keys across them.
    const total = 2 * DOC_PART + DOC_PART / 4;
    const inner = Prisma.sql`SELECT (i % 7)::text AS k, i AS n FROM generate_series(1, ${total}::int) i`;
    const parts = await ws.ctx.db.$queryRaw<{ doc: string }[]>(docQuery(inner, [Prisma.raw('"k"'), Prisma.raw('"n"')]));
    expect(parts.map((p) => JSON.parse(p.doc).length)).toEqual([DOC_PART, DOC_PART, DOC_PART / 4]);
    const rows = await answerDoc(ws.ctx, docQuery(inner, [Prisma.raw('"k"'), Prisma.raw('"n"')]));
    const expected = Array.from({ length: total }, (_, i) => ({ k: String((i + 1) % 7), n: i + 1 })).sort((a, b) =>
      a.k === b.k ? a.n - b.n : a.k < b.k ? -1 : 1,
    );
    expect(rows).toEqual(expected);
    expect(await answerDoc(ws.ctx, docQuery(Prisma.sql`${inner} WHERE false`, []))).toEqual([]);
  });

  it("maps each document's groups as it is parsed, not once every document is parsed", async () => {
    // A parsed group must be garbage within its turn (it was held until all were parsed, then
    // mapped: old-generation collections paused the HTTP thread). JSON.parse and the mapping are
    // logged in order: each parse is followed by its own document's mappings.
    const total = 2 * DOC_PART + DOC_PART / 4;
    const inner = Prisma.sql`SELECT i AS n FROM generate_series(1, ${total}::int) i`;
    const log: string[] = [];
    const parse = JSON.parse;
    JSON.parse = ((text: string) => {
      const value = parse(text);
      // The documents only (the driver parses other JSON on the way).
      if (text.startsWith('[{"n"')) log.push(`parse ${value.length}`);
      return value;
    }) as typeof JSON.parse;
    let mapped = 0;
    try {
      const rows = await answerDoc(ws.ctx, docQuery(inner, [Prisma.raw('"n"')]), (r) => {
        mapped++;
        if (mapped % DOC_PART === 0 || mapped === total) log.push(`mapped ${mapped}`);
        return Number(r.n) * 2;
      });
      expect(rows).toEqual(Array.from({ length: total }, (_, i) => (i + 1) * 2));
    } finally {
      JSON.parse = parse;
    }
    expect(log).toEqual([
      `parse ${DOC_PART}`,
      `mapped ${DOC_PART}`,
      `parse ${DOC_PART}`,
      `mapped ${2 * DOC_PART}`,
      `parse ${DOC_PART / 4}`,
      `mapped ${total}`,
    ]);
  });
});
