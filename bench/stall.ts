// Stall benchmark (issue 24): one client's expensive requests against a real `fas serve`, with
// `/healthz` probed every 100 ms and another tenant listing its accounts every 500 ms. Three attacks:
// 9 aliases of transactionStats(groupBy: [COIN, STATUS, TYPE, DAY]) over 50,000 rows, back to back
// for 30 s; a tRPC batch of 10 transactions.list at limit 1000, back to back for 15 s; 256
// connections listing transactions for 20 s. Prints a markdown table (healthz p50/p99/max, probes
// over 2 s, the other tenant's 503s) with the figures from before. `npm run bench:stall`
// runs PGlite then PostgreSQL (`--pglite`/`--postgres` for one); PostgreSQL uses its own database
// `fas_bench_stall` on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432), or
// `fas_bench_stall<STALL_DB_SUFFIX>` (e.g. `_me`, so that two runs on one server do not collide).
// The rate limit is off (FAS_RATE_LIMIT_PER_SECOND=0): what is measured is the server's own stall.
// Issue 37 added a fourth attack: STALL_CLIENTS (4) clients of one API key sending the 9 aliases over
// a range that is not whole days (every row read), and the other tenant's p99 and 200s for each;
// STALL_ONLY_AGGREGATES=1 runs the two aggregate attacks alone. `/metrics` is scraped every second
// (FAS_METRICS_TOKEN set): the table counts the scrapes answered 200 within 10 s.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { Pool } from 'undici';
import { loadConfig } from '../src/config.js';
import { createContext } from '../src/core/context.js';
import { createWorkspace } from '../src/core/workspaces/create-workspace.js';
import { seedTransactions } from '../src/operator/seed/seed-transactions.js';
import { openDeps } from '../src/server/deps.js';
import { startServe } from './support/serve-process.js';
import { type BenchTarget, pgliteTarget, postgresTarget } from './support/targets.js';

const ROWS = Number(process.env.STALL_ROWS ?? 50_000);
const PROBE_TIMEOUT_MS = 30_000;
const METRICS_TOKEN = randomBytes(24).toString('hex');

/** The figures, measured before the change (PGlite on the HTTP thread). */
const BEFORE: Record<string, { pglite: string; postgres: string }> = {
  aggregate: { pglite: '/healthz p50 4200 ms, max 5080 ms; other tenant 3 of 7 answers 503', postgres: '/healthz p50 8 ms' },
  trpc: { pglite: '/healthz blocked 1450 ms', postgres: 'n/a' },
  connections: { pglite: '7 of 10 probes within 2 s', postgres: 'n/a' },
};

/** The attacker's workspace with ROWS transactions (its admin token), and another tenant's API key. */
async function prepare(env: Record<string, string>) {
  const { database, deps } = await openDeps(loadConfig({ ...process.env, ...env }));
  try {
    const ws = await createWorkspace(deps, { name: 'Attacker', sandbox: true, adminEmail: 'attacker@example.com' });
    const ctx = createContext(deps, { workspaceId: ws.workspaceId, sandbox: true, actor: { kind: 'system', role: 'admin' } });
    await seedTransactions(ctx, { transactions: ROWS });
    const other = await createWorkspace(deps, { name: 'Other', sandbox: true, adminEmail: 'other@example.com' });
    return { attackerToken: ws.admin.token, attackerKey: ws.apiKey.key, otherKey: other.apiKey.key };
  } finally {
    await database.close();
  }
}

const startServer = (env: Record<string, string>, port: number) =>
  startServe({ ...env, NODE_ENV: 'production', FAS_RATE_LIMIT_PER_SECOND: '0', FAS_METRICS_TOKEN: METRICS_TOKEN }, port);

const pct = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) : 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `attack` in `workers` loops for `seconds`, probing /healthz and the other tenant meanwhile. */
async function measure(base: string, otherKey: string, seconds: number, workers: number, attack: (pool: Pool) => Promise<number>) {
  const end = performance.now() + seconds * 1000;
  const pool = new Pool(base, { connections: workers });
  const probe = new Pool(base, { connections: 1 });
  const tenant = new Pool(base, { connections: 1 });
  const scraper = new Pool(base, { connections: 1 });
  const health: number[] = [];
  const scrapes = { total: 0, ok: 0 };
  const other = { total: 0, r503: 0, ok: 0, ms: [] as number[] };
  let attacks = 0;
  const statuses = new Map<number, number>();
  const probing = (async () => {
    while (performance.now() < end) {
      const t = performance.now();
      // A probe that times out counts as its whole wait.
      const res = await probe.request({ path: '/healthz', method: 'GET', headersTimeout: PROBE_TIMEOUT_MS }).catch(() => undefined);
      await res?.body.dump();
      health.push(performance.now() - t);
      await sleep(100);
    }
  })();
  const scraping = (async () => {
    while (performance.now() < end) {
      const res = await scraper
        .request({ path: '/metrics', method: 'GET', headers: { authorization: `Bearer ${METRICS_TOKEN}` }, headersTimeout: 10_000 })
        .catch(() => undefined);
      await res?.body.dump();
      scrapes.total++;
      if (res?.statusCode === 200) scrapes.ok++;
      await sleep(1000);
    }
  })();
  const tenantLoop = (async () => {
    while (performance.now() < end) {
      const t = performance.now();
      const res = await tenant
        .request({
          path: '/api/v2/accounts',
          method: 'GET',
          headers: { authorization: `APIKey ${otherKey}` },
          headersTimeout: PROBE_TIMEOUT_MS,
        })
        .catch(() => undefined);
      await res?.body.dump();
      other.ms.push(performance.now() - t);
      other.total++;
      if (res?.statusCode === 503) other.r503++;
      else if (res?.statusCode === 200) other.ok++;
      await sleep(500);
    }
  })();
  await Promise.all([
    probing,
    scraping,
    tenantLoop,
    ...Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        const status = await attack(pool).catch(() => 0);
        attacks++;
        if (status !== 200) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  ]);
  await Promise.all([pool.close(), probe.close(), tenant.close(), scraper.close()]);
  const h = [...health].sort((a, b) => a - b);
  const o = [...other.ms].sort((a, b) => a - b);
  return {
    otherP99: pct(o, 0.99),
    p50: pct(h, 0.5),
    p99: pct(h, 0.99),
    max: h.at(-1) ?? 0,
    probes: h.length,
    over2s: h.filter((x) => x > 2000).length,
    other,
    scrapes,
    attacks,
    notOk: [...statuses].map(([code, n]) => `${n} x ${code || 'error'}`).join(', ') || 'none',
  };
}

const aggregateQuery = `{ ${Array.from({ length: 9 }, (_, i) => `a${i}: transactionStats(groupBy: [COIN, STATUS, TYPE, DAY]) { count amount }`).join(' ')} }`;
/** The same over a range that does not start or end on a UTC midnight: rollups cannot answer it, every row is read (issue 37). */
const RANGE = '{ startDate: "2000-01-01T00:00:01Z", endDate: "2999-12-31T23:59:58Z" }';
const rowsQuery = `{ ${Array.from({ length: 9 }, (_, i) => `a${i}: transactionStats(filter: ${RANGE}, groupBy: [COIN, STATUS, TYPE, DAY]) { count amount }`).join(' ')} }`;
/** Attacking clients of one API key in the `rows` attack (STALL_CLIENTS, default 4). */
const CLIENTS = Number(process.env.STALL_CLIENTS ?? 4);

async function runOn(makeTarget: () => Promise<BenchTarget>) {
  const target = await makeTarget();
  const env = { ...target.env, FAS_MASTER_KEY: randomBytes(32).toString('base64') };
  const port = 30000 + Math.floor(Math.random() * 20000);
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    process.stderr.write(`${target.name}: seeding ${ROWS} transactions...\n`);
    const creds = await prepare(env);
    server = await startServer(env, port);
    const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    const body = JSON.stringify({ query: aggregateQuery });
    process.stderr.write(`${target.name}: aggregate attack (30 s)...\n`);
    results.aggregate = await measure(base, creds.otherKey, 30, 1, async (pool) => {
      const res = await pool.request({
        path: '/graphql',
        method: 'POST',
        headers: { authorization: `Bearer ${creds.attackerToken}`, 'content-type': 'application/json' },
        body,
        headersTimeout: 120_000,
        bodyTimeout: 120_000,
      });
      await res.body.dump();
      return res.statusCode;
    });
    process.stderr.write(`${target.name}: ${CLIENTS} clients of one key, rows scanned (30 s)...\n`);
    const rowsBody = JSON.stringify({ query: rowsQuery });
    results[`aggregate x${CLIENTS} (rows)`] = await measure(base, creds.otherKey, 30, CLIENTS, async (pool) => {
      const res = await pool.request({
        path: '/graphql',
        method: 'POST',
        headers: { authorization: `Bearer ${creds.attackerKey}`, 'content-type': 'application/json' },
        body: rowsBody,
        headersTimeout: 120_000,
        bodyTimeout: 120_000,
      });
      await res.body.dump();
      return res.statusCode;
    });
    if (process.env.STALL_ONLY_AGGREGATES === '1') return { name: target.name, results, load: loadavg()[0] ?? 0 };
    const input = encodeURIComponent(
      JSON.stringify(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, { limit: 1000, page: 1 + i }]))),
    );
    const trpcPath = `/trpc/${Array.from({ length: 10 }, () => 'transactions.list').join(',')}?batch=1&input=${input}`;
    process.stderr.write(`${target.name}: tRPC batch attack (15 s)...\n`);
    results.trpc = await measure(base, creds.otherKey, 15, 1, async (pool) => {
      const res = await pool.request({
        path: trpcPath,
        method: 'GET',
        headers: { authorization: `Bearer ${creds.attackerToken}` },
        headersTimeout: 120_000,
      });
      await res.body.dump();
      return res.statusCode;
    });
    process.stderr.write(`${target.name}: 256 connections (20 s)...\n`);
    let page = 0;
    results.connections = await measure(base, creds.otherKey, 20, 256, async (pool) => {
      page = (page % 50) + 1;
      const res = await pool.request({
        path: `/api/v2/transactions?limit=100&page=${page}`,
        method: 'GET',
        headers: { authorization: `APIKey ${creds.attackerKey}` },
        headersTimeout: 60_000,
      });
      await res.body.dump();
      return res.statusCode;
    });
    return { name: target.name, results, load: loadavg()[0] ?? 0 };
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => (server && server.exitCode === null ? server.once('exit', r) : r(null)));
    await target.cleanup();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const targets = [
    ...(args.includes('--postgres') ? [] : [() => pgliteTarget('stall')]),
    ...(args.includes('--pglite') ? [] : [() => postgresTarget(`fas_bench_stall${process.env.STALL_DB_SUFFIX ?? ''}`)]),
  ];
  const rows: string[] = [];
  const loads: string[] = [];
  for (const t of targets) {
    const r = await runOn(t);
    loads.push(`${r.name} ${r.load.toFixed(1)}`);
    for (const [name, m] of Object.entries(r.results)) {
      const before = BEFORE[name]?.[r.name === 'PGlite' ? 'pglite' : 'postgres'] ?? 'n/a';
      const beforeP50 = name === 'aggregate' && r.name === 'PGlite' ? ` (p50 ${(4200 / Math.max(m.p50, 1)).toFixed(0)}x lower)` : '';
      rows.push(
        `| ${name} | ${r.name} | ${m.attacks} (not 200: ${m.notOk}) | ${m.p50.toFixed(0)} | ${m.p99.toFixed(0)} | ${m.max.toFixed(0)} | ${m.probes - m.over2s} of ${m.probes} | ${m.other.ok} of ${m.other.total} | ${m.other.r503} | ${m.otherP99.toFixed(0)} | ${m.scrapes.ok} of ${m.scrapes.total} | ${before}${beforeP50} |`,
      );
    }
  }
  process.stdout.write(
    [
      `Stall benchmark: ${ROWS.toLocaleString('en')} rows, /healthz every 100 ms, another tenant every 500 ms (${cpus().length} cores, load average at end ${loads.join(' / ')}).`,
      '',
      '| attack | database | attack requests | /healthz p50 (ms) | p99 (ms) | max (ms) | probes within 2 s | other tenant 200 | its 503 | its p99 (ms) | /metrics 200 | before (issue 24) |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
