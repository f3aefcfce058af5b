import { cpus, loadavg } from 'node:os';
import { Pool } from 'undici';
import { loadConfig } from '../src/config.js';
import { createWorkspace } from '../src/core/workspaces/create-workspace.js';
import { openDeps } from '../src/server/deps.js';
import { startServe } from './support/serve-process.js';
import { postgresTarget } from './support/targets.js';

/**
 * What the shared rate limit costs a request: one `fas serve` on PostgreSQL with the limiter off,
 * with its buckets in memory (`FAS_RATE_LIMIT_LOCAL=true`, the baseline) and in the shared table
 * (the default), each on two shapes: a limited path that answers 404 without a query (the limiter's
 * work alone) and a page of accounts. Latency from requests one at a time, requests/s from
 * CONCURRENCY at once, every request by one API key (one bucket row: the contended case). The
 * limit is set too high to refuse anything, and load shedding is off. The three run in turn BENCH_ROUNDS times (default 3)
 * and each figure is the median of its rounds, so a burst of other load on the machine lands on
 * every mode alike. BENCH_REQUESTS (default 1,000) and BENCH_SECONDS (default 4) size each run.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = 16;
const WARMUP = 300;

const modes: { name: string; env: Record<string, string> }[] = [
  { name: 'off', env: { FAS_RATE_LIMIT_PER_SECOND: '0' } },
  { name: 'memory (baseline)', env: { FAS_RATE_LIMIT_LOCAL: 'true' } },
  { name: 'shared (PostgreSQL)', env: {} },
];
const shapes = [
  { name: 'limiter only (404, no query)', path: '/api/v2/no-such-route' },
  { name: 'GET /api/v2/accounts?limit=10', path: '/api/v2/accounts?limit=10' },
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

async function once(pool: Pool, path: string, headers: Record<string, string>) {
  const res = await pool.request({ path, method: 'GET', headers });
  await res.body.dump();
  if (res.statusCode === 429 || res.statusCode >= 500) throw new Error(`bench: ${path} answered ${res.statusCode}`);
}

async function measure(pool: Pool, path: string, headers: Record<string, string>) {
  for (let i = 0; i < WARMUP; i++) await once(pool, path, headers);
  const ms: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await once(pool, path, headers);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await once(pool, path, headers);
        done++;
      }
    }),
  );
  return { p50: quantile(ms, 0.5), p99: quantile(ms, 0.99), rps: done / SECONDS };
}

const fmt = (n: number, digits = 2) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  const t = await postgresTarget('fas_bench_ratelimit');
  // Nothing refused and nothing shed: every request is answered by the code being measured.
  const limits = {
    FAS_RATE_LIMIT_PER_SECOND: '1000000',
    FAS_RATE_LIMIT_BURST: '1000000',
    FAS_SHED_EVENT_LOOP_DELAY_MS: '0',
    FAS_SHED_HEAP_RATIO: '0',
    FAS_SHED_DB_WAITERS: '0',
    FAS_SHED_QUEUE_WAIT_MS: '0',
  };
  const runs = new Map<string, { p50: number; p99: number; rps: number }[]>();
  try {
    const config = loadConfig({ ...process.env, ...t.env });
    const { database, deps } = await openDeps(config);
    const ws = await createWorkspace(deps, { name: 'Rate limit', sandbox: true, adminEmail: 'limit@example.com' });
    await database.close();
    const headers = { authorization: `APIKey ${ws.apiKey.key}` };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const mode of modes) {
        const port = 20_000 + Math.floor(Math.random() * 20_000);
        const server = await startServe({ ...t.env, ...limits, ...mode.env }, port);
        const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONCURRENCY });
        try {
          for (const shape of shapes) {
            const key = `${mode.name}|${shape.name}`;
            runs.set(key, [...(runs.get(key) ?? []), await measure(pool, shape.path, headers)]);
            process.stderr.write(`round ${round}, ${mode.name}, ${shape.name}: done\n`);
          }
        } finally {
          await pool.close();
          server.kill('SIGTERM');
          await new Promise((r) => server.once('exit', r));
        }
      }
    }
  } finally {
    await t.cleanup();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const results = new Map(
    [...runs].map(([key, rs]) => [
      key,
      { p50: median(rs.map((r) => r.p50)), p99: median(rs.map((r) => r.p99)), rps: median(rs.map((r) => r.rps)) },
    ]),
  );
  const rows = [['shape', 'limiter', 'p50 ms', 'p99 ms', 'p50 added', 'p99 added', `req/s (${CONCURRENCY} at once)`, 'req/s vs memory']];
  for (const shape of shapes) {
    const base = results.get(`memory (baseline)|${shape.name}`)!;
    for (const mode of modes) {
      const r = results.get(`${mode.name}|${shape.name}`)!;
      rows.push([
        shape.name,
        mode.name,
        fmt(r.p50),
        fmt(r.p99),
        `${r.p50 >= base.p50 ? '+' : ''}${fmt(r.p50 - base.p50)}`,
        `${r.p99 >= base.p99 ? '+' : ''}${fmt(r.p99 - base.p99)}`,
        fmt(r.rps, 0),
        `${fmt(r.rps / base.rps)}x`,
      ]);
    }
  }
  console.log(
    `\nbench:ratelimit, one fas serve on PostgreSQL, ${REQUESTS} requests one at a time, ${SECONDS} s at ${CONCURRENCY} at once, median of ${ROUNDS} rounds`,
  );
  console.log(
    `(${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})\n`,
  );
  console.log(`| ${rows[0]!.join(' | ')} |`);
  console.log(`| ${rows[0]!.map(() => '---').join(' | ')} |`);
  for (const row of rows.slice(1)) console.log(`| ${row.join(' | ')} |`);
}

await main();
