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

/**
 * `--spellings`: whether any spelling of a limited path escapes its limit. One `fas serve` on
 * PostgreSQL with the default limits (shedding off); each target gets SPELLING_REQUESTS requests,
 * SPELLING_CONCURRENCY at once, from a fresh API key (or, for the anonymous ones, the address's
 * bucket after it refilled), counting answers refused with 429 and answers without RateLimit headers.
 * The audit's figure: 600 requests at 8 on `/%61pi/v2/accounts` were all 200, none limited.
 */
const SPELLING_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
const SPELLING_CONCURRENCY = 8;
const BATCH = `accounts.list,accounts.list,accounts.list?batch=1&input=${encodeURIComponent('{"0":{},"1":{},"2":{}}')}`;
const targets: { name: string; path: (n: number) => string; method?: 'POST'; body?: string; anonymous?: boolean }[] = [
  { name: 'GET /api/v2/accounts', path: () => '/api/v2/accounts' },
  { name: 'GET /%61pi/v2/accounts', path: () => '/%61pi/v2/accounts' },
  { name: 'GET /%61%70%69/v2/accounts', path: () => '/%61%70%69/v2/accounts' },
  { name: 'GET //api/v2/accounts', path: () => '//api/v2/accounts' },
  { name: 'GET /trpc/ batch of 3', path: () => `/trpc/${BATCH}` },
  { name: 'GET /%74rpc/ batch of 3', path: () => `/%74rpc/${BATCH}` },
  { name: 'POST /%67raphql', path: () => '/%67raphql', method: 'POST', body: '{"query":"{ __typename }"}' },
  { name: 'GET /%61pi/v2/accounts, bad key', path: () => '/%61pi/v2/accounts', anonymous: true },
  { name: 'GET /verify/<random>, no credentials', path: (n) => `/verify/${'r'.repeat(30)}${n}`, anonymous: true },
  { name: 'GET /%76erify/<random>, no credentials', path: (n) => `/%76erify/${'r'.repeat(30)}${n}`, anonymous: true },
];

async function spellings() {
  const t = await postgresTarget('fas_bench_ratelimit');
  const rows: string[][] = [];
  try {
    const config = loadConfig({ ...process.env, ...t.env });
    const { database, deps } = await openDeps(config);
    const keys: string[] = [];
    for (let i = 0; i < targets.length; i++) {
      keys.push((await createWorkspace(deps, { name: `Spelling ${i}`, sandbox: true, adminEmail: `s${i}@example.com` })).apiKey.key);
    }
    await database.close();
    const shedOff = { FAS_SHED_EVENT_LOOP_DELAY_MS: '0', FAS_SHED_HEAP_RATIO: '0', FAS_SHED_DB_WAITERS: '0', FAS_SHED_QUEUE_WAIT_MS: '0' };
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const server = await startServe({ ...t.env, ...shedOff }, port);
    const pool = new Pool(`http://127.0.0.1:${port}`, { connections: SPELLING_CONCURRENCY });
    try {
      for (const [i, target] of targets.entries()) {
        // The address's buckets refill (2 s for the API's, 10 s for the pages') before each target.
        await new Promise((r) => setTimeout(r, 11_000));
        const headers: Record<string, string> = {
          authorization: target.anonymous ? `APIKey fas_sk_${'x'.repeat(32)}` : `APIKey ${keys[i]}`,
          ...(target.body ? { 'content-type': 'application/json' } : {}),
        };
        const statuses = new Map<number, number>();
        let unlimited = 0;
        let n = 0;
        await Promise.all(
          Array.from({ length: SPELLING_CONCURRENCY }, async () => {
            while (n < SPELLING_REQUESTS) {
              const res = await pool.request({ path: target.path(n++), method: target.method ?? 'GET', headers, body: target.body });
              await res.body.dump();
              statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
              if (!res.headers['ratelimit']) unlimited++;
            }
          }),
        );
        const answered = [...statuses].filter(([s]) => s !== 429).map(([s, c]) => `${c} x ${s}`);
        rows.push([target.name, answered.join(', ') || '0', String(statuses.get(429) ?? 0), String(unlimited)]);
        process.stderr.write(`${target.name}: done\n`);
      }
    } finally {
      await pool.close();
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  } finally {
    await t.cleanup();
  }
  console.log(
    `\nbench:ratelimit --spellings, one fas serve on PostgreSQL, default limits (${describeLimits()}), ${SPELLING_REQUESTS} requests per target, ${SPELLING_CONCURRENCY} at once`,
  );
  console.log(
    `(${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})\n`,
  );
  console.log('| target | answered | 429 | without RateLimit headers |');
  console.log('| --- | --- | --- | --- |');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

/** The default limits; a build without the page limit (before it existed) says so. */
function describeLimits(): string {
  const limits = loadConfig({}).rateLimit as { perSecond: number; burst: number; pages?: { perSecond: number; burst: number } };
  const pages = limits.pages ? `pages ${limits.pages.perSecond}/s, burst ${limits.pages.burst}` : 'no page limit';
  return `${limits.perSecond}/s, burst ${limits.burst}; ${pages}`;
}

await (process.argv.includes('--spellings') ? spellings() : main());
