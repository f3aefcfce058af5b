// Overload benchmark: drives a real `fas serve` at about twice its measured capacity for 60 s
// (bounded in count and time, loopback only) and prints a markdown table: answered, shed (429/503),
// latency of the answered, /healthz latency during the run, RSS before and after, and whether the
// server survived. `npm run bench:load` runs it on PGlite then PostgreSQL (`--pglite`/`--postgres`
// for one). PostgreSQL: its own database `fas_bench_load` (dropped and recreated) on DATABASE_URL's
// server (default postgres://postgres@127.0.0.1:5432).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { Pool } from 'undici';
import { loadConfig } from '../src/config.js';
import { createContext } from '../src/core/context.js';
import { createApiKey } from '../src/core/workspaces/create-api-key.js';
import { createWorkspace } from '../src/core/workspaces/create-workspace.js';
import { seedTransactions } from '../src/operator/seed/seed-transactions.js';
import { openDeps } from '../src/server/deps.js';
import { rssMiB, startServe } from './support/serve-process.js';
import { type BenchTarget, pgliteTarget, postgresTarget } from './support/targets.js';

const ROWS = 50_000;
const KEYS = 64;
const CONNECTIONS = 256;
const CALIBRATE_MS = 10_000;
const RUN_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_REQUESTS = 2_000_000;

/** A workspace with ROWS transactions and KEYS API keys, written through the core before the server starts. */
async function prepare(env: Record<string, string>): Promise<string[]> {
  const { database, deps } = await openDeps(loadConfig({ ...process.env, ...env }));
  try {
    const ws = await createWorkspace(deps, { name: 'Load', sandbox: true, adminEmail: 'load@example.com' });
    const ctx = createContext(deps, { workspaceId: ws.workspaceId, sandbox: true, actor: { kind: 'system', role: 'admin' } });
    await seedTransactions(ctx, { transactions: ROWS });
    const keys = [ws.apiKey.key];
    while (keys.length < KEYS) keys.push((await createApiKey(ctx, { name: `load ${keys.length}` })).key);
    return keys;
  } finally {
    await database.close();
  }
}

const startServer = (env: Record<string, string>, port: number) => startServe({ ...env, NODE_ENV: 'production' }, port);

const pct = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) : 0;

interface Counts {
  sent: number;
  ok: number;
  r429: number;
  r503: number;
  other: number;
  errors: number;
  skipped: number;
  latencies: number[];
  errorKinds: Map<string, number>;
}

/** One request of the mix: mostly a page of the 50k transactions, some account lists. */
function requestOf(keys: string[], i: number) {
  const key = keys[i % keys.length] as string;
  const pathname =
    i % 10 === 0 ? '/api/v2/accounts?limit=10' : `/api/v2/transactions?limit=100&page=${1 + (i % 50)}${i % 7 === 0 ? '&coin=USD' : ''}`;
  return {
    path: pathname,
    method: 'GET' as const,
    headers: { authorization: `APIKey ${key}` },
    headersTimeout: REQUEST_TIMEOUT_MS,
    bodyTimeout: REQUEST_TIMEOUT_MS,
  };
}

async function fire(pool: Pool, keys: string[], i: number, counts: Counts): Promise<void> {
  const started = performance.now();
  counts.sent++;
  try {
    const res = await pool.request(requestOf(keys, i));
    await res.body.dump();
    if (res.statusCode === 200) {
      counts.ok++;
      counts.latencies.push(performance.now() - started);
    } else if (res.statusCode === 429) counts.r429++;
    else if (res.statusCode === 503) counts.r503++;
    else counts.other++;
  } catch (err) {
    counts.errors++;
    const e = err as { code?: string; name?: string };
    const kind = e.code ?? e.name ?? 'error';
    counts.errorKinds.set(kind, (counts.errorKinds.get(kind) ?? 0) + 1);
  }
}

const emptyCounts = (): Counts => ({
  sent: 0,
  ok: 0,
  r429: 0,
  r503: 0,
  other: 0,
  errors: 0,
  skipped: 0,
  latencies: [],
  errorKinds: new Map(),
});

/** Closed loop with a few connections: the throughput the server sustains without queueing. */
async function calibrate(base: string, keys: string[]): Promise<number> {
  const pool = new Pool(base, { connections: 16 });
  const counts = emptyCounts();
  const end = performance.now() + CALIBRATE_MS;
  let i = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() < end) await fire(pool, keys, i++, counts);
    }),
  );
  await pool.close();
  return counts.ok / (CALIBRATE_MS / 1000);
}

/** Open loop at `rate` requests/s over at most CONNECTIONS connections for RUN_MS, plus a health probe. */
async function overload(base: string, keys: string[], rate: number) {
  const pool = new Pool(base, { connections: CONNECTIONS, pipelining: 1 });
  const probe = new Pool(base, { connections: 1 });
  const counts = emptyCounts();
  const health: number[] = [];
  let healthFailures = 0;
  let inFlight = 0;
  const started = performance.now();
  const end = started + RUN_MS;
  const pending = new Set<Promise<void>>();
  let i = 0;
  const probing = (async () => {
    while (performance.now() < end) {
      const t = performance.now();
      try {
        const res = await probe.request({ path: '/healthz', method: 'GET', headersTimeout: 5000, bodyTimeout: 5000 });
        await res.body.dump();
        if (res.statusCode === 200) health.push(performance.now() - t);
        else healthFailures++;
      } catch {
        healthFailures++;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  while (performance.now() < end && counts.sent + counts.skipped < MAX_REQUESTS) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    while (i < due) {
      if (inFlight >= CONNECTIONS) {
        // Every connection is busy: the client does not queue without bound either.
        counts.skipped++;
        i++;
        continue;
      }
      inFlight++;
      const p = fire(pool, keys, i++, counts).finally(() => {
        inFlight--;
        pending.delete(p);
      });
      pending.add(p);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(pending);
  await probing;
  await pool.close();
  await probe.close();
  return { counts, health, healthFailures, seconds: (performance.now() - started) / 1000 };
}

async function runOn(makeTarget: () => Promise<BenchTarget>) {
  const target = await makeTarget();
  const masterKey = randomBytes(32).toString('base64');
  const env = { ...target.env, FAS_MASTER_KEY: masterKey };
  const port = 30000 + Math.floor(Math.random() * 20000);
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    process.stderr.write(`${target.name}: seeding ${ROWS} transactions and ${KEYS} API keys...\n`);
    const keys = await prepare(env);
    server = await startServer(env, port);
    const pid = server.pid as number;
    process.stderr.write(`${target.name}: calibrating (${CALIBRATE_MS / 1000} s, 16 connections)...\n`);
    const capacity = await calibrate(base, keys);
    const rate = Math.max(50, Math.round(capacity * 2));
    const rssBefore = rssMiB(pid);
    const load1 = loadavg()[0] ?? 0;
    process.stderr.write(
      `${target.name}: capacity ~${capacity.toFixed(0)} req/s; driving ${rate} req/s for ${RUN_MS / 1000} s over ${CONNECTIONS} connections...\n`,
    );
    const run = await overload(base, keys, rate);
    const rssAfter = rssMiB(pid);
    const alive =
      server.exitCode === null &&
      (await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      ));
    const exited = new Promise<number | null>((resolve) => server?.on('exit', resolve));
    server.kill('SIGTERM');
    const exitCode = await exited;
    const lat = [...run.counts.latencies].sort((a, b) => a - b);
    const h = [...run.health].sort((a, b) => a - b);
    const c = run.counts;
    return {
      name: target.name,
      capacity,
      rate,
      seconds: run.seconds,
      sent: c.sent,
      answered: c.ok,
      r429: c.r429,
      r503: c.r503,
      other: c.other,
      errors: c.errors,
      errorKinds: [...c.errorKinds].map(([k, n]) => `${k} ${n}`).join(', '),
      skipped: c.skipped,
      p50: pct(lat, 0.5),
      p99: pct(lat, 0.99),
      healthP99: pct(h, 0.99),
      healthMax: h.at(-1) ?? 0,
      healthOk: h.length,
      healthFailures: run.healthFailures,
      rssBefore,
      rssAfter,
      survived: alive && exitCode === 0,
      load1,
    };
  } finally {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await target.cleanup();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const targets = [
    ...(args.includes('--postgres') ? [] : [() => pgliteTarget('load')]),
    ...(args.includes('--pglite') ? [] : [() => postgresTarget('fas_bench_load')]),
  ];
  const rows = [];
  for (const t of targets) rows.push(await runOn(t));
  const f = (n: number, d = 0) => n.toFixed(d);
  const out = [
    `Load test: ${ROWS.toLocaleString('en')} transactions, ${KEYS} API keys, ${CONNECTIONS} connections, ${RUN_MS / 1000} s at 2x the capacity measured first (${cpus().length} cores, load average at start ${rows.map((r) => f(r.load1, 1)).join(' / ')}).`,
    '',
    '| database | capacity (req/s) | offered (req/s) | sent | answered 200 | shed 429 | shed 503 | other status | errors | client-side skips | p50 answered (ms) | p99 answered (ms) | /healthz p99 (ms) | /healthz max (ms) | /healthz ok / failed | RSS before (MiB) | RSS after (MiB) | survived |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${f(r.capacity)} | ${r.rate} | ${r.sent} | ${r.answered} | ${r.r429} | ${r.r503} | ${r.other} | ${r.errors} | ${r.skipped} | ${f(r.p50, 1)} | ${f(r.p99, 1)} | ${f(r.healthP99, 1)} | ${f(r.healthMax, 1)} | ${r.healthOk} / ${r.healthFailures} | ${f(r.rssBefore)} | ${f(r.rssAfter)} | ${r.survived ? 'yes' : 'NO'} |`,
    ),
  ];
  for (const r of rows) if (r.errors) out.push('', `${r.name} client errors: ${r.errorKinds}`);
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
