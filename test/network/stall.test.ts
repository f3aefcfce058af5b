import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { seedTransactions } from '../../src/operator/seed/seed-transactions.js';
import { at } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, startHarness } from '../support/harness.js';

/**
 * Issue 24: on the embedded database one client's expensive request froze every other one, health
 * probes included (PGlite executed on the HTTP thread). Now it runs in a worker thread: a long
 * statement delays only the calls waiting for the database.
 */
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
const onPglite = !inject('databaseUrl').startsWith('postgres');

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  await seedTransactions(
    { ...at(ws.ctx, '2026-06-30T12:00:00.000Z'), bulk: h.database.bulk },
    { transactions: 5_000, accounts: 20, seed: 24 },
  );
}, 300_000);
afterAll(async () => h?.close());

/** `/healthz` every `everyMs` until `stop` resolves: each probe's time, in ms. */
async function probe(stop: Promise<unknown>, everyMs = 20): Promise<number[]> {
  let done = false;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  void stop.finally(() => {
    done = true;
    lag.disable();
    console.log(
      `event loop delay: p50 ${Math.round(lag.percentile(50) / 1e6)} ms, p99 ${Math.round(lag.percentile(99) / 1e6)} ms, max ${Math.round(lag.max / 1e6)} ms`,
    );
  });
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    const r = await fetch(`${h.baseUrl}/healthz`);
    await r.arrayBuffer();
    expect(r.status).toBe(200);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return times;
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { probes: times.length, p50: Math.round(pick(0.5)), p99: Math.round(pick(0.99)), max: Math.round(sorted.at(-1) ?? 0) };
}

/** The limit on any one probe while a statement runs: p99 under 100 ms is the goal; the shared CI machine gets a margin. */
const PROBE_MAX_MS = 500;
/**
 * While large answers are built (on PostgreSQL too): JSON of thousands of rows is serialized on the
 * HTTP thread in one piece. The median stays that of an idle server; one probe may wait for a
 * serialization (up to ~700 ms measured with the CPU shared), which is why the median is bounded.
 */
const PROBE_MEDIAN_MS = 100;
/**
 * On PostgreSQL the driver (pg) also parses every row on the HTTP thread: 10,000 per tRPC batch,
 * so the HTTP thread is busy for much of the attack and the median of its 6 to 8 probes swings:
 * 83 and 163 ms alone, 298 ms beside the suite's other worker (54 and 103 ms alone on the commit
 * before issue 38's cursors). Moving that work off the HTTP thread is issue 37's item 5, not built:
 * this bounds the damage, the target is tracked there (docs/benchmarks.md, "Stall").
 */
const PROBE_MEDIAN_BATCH_MS = onPglite ? PROBE_MEDIAN_MS : 400;
const PROBE_WORST_MS = 1500;
/**
 * The worst probe is bounded on PGlite, whose rows this change moved off the HTTP thread. On
 * PostgreSQL pg parses them there as before (a probe can wait out one answer's parsing and
 * serialization, up to ~1.5 s measured with the CPU shared): reported, and the median asserted.
 */
const worstBounded = onPglite;

const attack = `{ ${Array.from({ length: 9 }, (_, i) => `a${i}: transactionStats(groupBy: [COIN, STATUS, TYPE, DAY]) { count amount }`).join(' ')} }`;

describe('one client cannot stall the others', () => {
  it.runIf(onPglite)('a statement running for seconds does not delay /healthz (PGlite in its worker thread)', async () => {
    const started = performance.now();
    const long = h.database.sql(Prisma.sql`SELECT count(*)::int AS n FROM generate_series(1, 6000000) g, LATERAL (SELECT md5(g::text)) m`);
    const times = await probe(long);
    const took = performance.now() - started;
    const s = summary(times);
    console.log(`long statement ${Math.round(took)} ms; /healthz during it`, s);
    // The statement really held the database for longer than any probe may take.
    expect(took).toBeGreaterThan(PROBE_MAX_MS * 2);
    expect(s.probes).toBeGreaterThan(5);
    // Run on the HTTP thread, the statement made one probe wait for nearly all of it (2.3 s alone)
    // and every probe after it late. In its worker a probe takes 2 ms (p50) and 45 ms at most
    // alone; beside the suite's other worker on 2 cores one probe in ~100 has taken 577 ms (CPU
    // time given elsewhere, not a wait for the database), so the worst probe is bounded by half the
    // statement and the median by the idle bound.
    expect(s.p50).toBeLessThan(PROBE_MEDIAN_MS);
    expect(s.max).toBeLessThan(Math.max(PROBE_MAX_MS, took / 2));
  });

  it('the aggregate attack (9 x transactionStats by coin, status, type and day) leaves /healthz fast', async () => {
    const run = async () => {
      for (let round = 0; round < 3; round++) {
        const results = await Promise.all([graphql(h, ws.analystToken, attack), graphql(h, ws.analystToken, attack)]);
        for (const r of results) {
          expect(r.errors).toBeUndefined();
          expect(r.data.a8.length).toBeGreaterThan(0);
        }
      }
    };
    const started = performance.now();
    const work = run();
    const times = await probe(work);
    await work;
    const s = summary(times);
    console.log(`aggregate attack x6 over 5,000 rows: ${Math.round(performance.now() - started)} ms; /healthz`, s);
    // Before: probes waited behind the statements themselves (median 690 ms at 5,000 rows).
    expect(s.p50).toBeLessThan(PROBE_MEDIAN_MS);
    if (worstBounded) expect(s.max).toBeLessThan(PROBE_WORST_MS);
  });

  // Retried: beside the suite's other worker, one run's worst probe (PGlite, 1,694 ms) or median
  // (PostgreSQL, 547 ms) has crossed its bound on this 2-core machine while alone it stays far under
  // (158 ms); a server that stalls does so on every try.
  it('a tRPC batch of 10 transactions.list at limit 1000 leaves /healthz fast', { retry: 2 }, async () => {
    const input = encodeURIComponent(
      JSON.stringify(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, { limit: 1000, page: 1 }]))),
    );
    const paths = Array.from({ length: 10 }, () => 'transactions.list').join(',');
    const batch = async () => {
      for (let round = 0; round < 3; round++) {
        const r = await fetch(`${h.baseUrl}/trpc/${paths}?batch=1&input=${input}`, {
          headers: { authorization: `Bearer ${ws.adminToken}` },
        });
        const body = (await r.json()) as { result?: { data: { data: unknown[] } } }[];
        expect(r.status).toBe(200);
        expect(body[9]?.result?.data.data.length).toBe(1000);
      }
    };
    const work = batch();
    const times = await probe(work);
    await work;
    const s = summary(times);
    console.log('tRPC batch 10 x transactions.list limit 1000 (x3); /healthz', s);
    expect(s.p50).toBeLessThan(PROBE_MEDIAN_BATCH_MS);
    if (worstBounded) expect(s.max).toBeLessThan(PROBE_WORST_MS);
  });
});
