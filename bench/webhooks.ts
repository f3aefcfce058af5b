// npm run bench:webhooks
// End-to-end webhook delivery on PostgreSQL: 5 targets on one local receiver (127.0.0.1, 204 at
// once), signed RS512 deliveries through the real dispatcher and HTTP sender.
//   1. throughput: BENCH_EVENTS (20,000) events emitted through `emitEvent` in transactions of 100,
//      while the dispatcher runs (in-process, then 2 `fas worker` processes); timed from the commit
//      of the first event to the last 2xx recorded. Then the same events committed at once (a
//      backlog), which measures the dispatchers alone.
//   2. latency: 200 events/s for 15 s, one transaction per event; event commit -> first attempt
//      arrival at the receiver, p50/p99 of the steady state (events after the phase's first second;
//      that first second, as the dispatchers start, reported apart).
//   3. the ceiling: the raw RS512 signing rate of this machine, same body size.
//   4. CPU per delivery of each throughput phase, by process and thread (dispatcher JS thread, its
//      other threads: signing and GC, the PostgreSQL backends of the bench database only, the bench
//      process), and the share of it one signature's CPU is: unlike the rates, these barely move
//      with other work on a shared machine. A backlog phase's PostgreSQL figure includes writing it.
// Prints markdown tables. Drops and recreates its database (DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/fas_bench_webhooks). Every loop is bounded in time.
// Each dispatcher's `/metrics` is scraped every second during a phase and once at its end (the
// in-process one through the API's route with a FAS_METRICS_TOKEN, each `fas worker` through its
// own FAS_METRICS_ADDRESS listener); a third table checks those figures against the bench's counts.
// Knobs: BENCH_EVENTS, BENCH_RATE (events/s), BENCH_LATENCY_SECONDS, BENCH_PHASE_DEADLINE_MS,
// BENCH_SKIP (comma-separated: tp-inproc, tp-workers, backlog (or backlog-inproc, backlog-workers), lat-inproc, lat-workers, lat-1),
// BENCH_WORKER_NODE_ARGS (extra node flags for the worker processes, e.g. --cpu-prof).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { createAccount } from '../src/core/accounts/create-account.js';
import { type Ctx, createContext, type Deps } from '../src/core/context.js';
import { createFieldCipher } from '../src/core/crypto/field-cipher.js';
import { randomIds, systemClock } from '../src/core/ports.js';
import { createWebhookTarget } from '../src/core/webhooks/create-webhook-target.js';
import { deliveryBody } from '../src/core/webhooks/delivery-body.js';
import { DELIVERIES_CHANNEL, emitEvent } from '../src/core/webhooks/events.js';
import { ensureSigningKey } from '../src/core/webhooks/rotate-signing-key.js';
import { createWorkspace } from '../src/core/workspaces/create-workspace.js';
import { type Database, openDatabase } from '../src/db/database.js';
import type { Prisma } from '../src/db/generated/prisma/client.js';
import { buildApp } from '../src/server/app.js';
import { createMetrics } from '../src/server/metrics.js';
import { startWebhookWorker } from '../src/server/webhook-worker.js';
import { freePort } from '../test/support/free-port.js';
import { type CpuUse, cpuSince, cpuSnapshot } from './support/cpu.js';
import { type BenchCounts, METRICS_HEADER, metricsRow } from './support/metrics-report.js';
import { type PhaseMetrics, type ScrapeTarget, startSampler } from './support/metrics-scrape.js';
import { type Receiver, startReceiver } from './support/receiver-thread.js';
import { signingCeiling } from './support/signing-ceiling.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fas_bench_webhooks';
/** PostgreSQL CPU is counted for this database's backends only (the server may be shared). */
const DATABASE_NAME = new URL(DATABASE_URL).pathname.slice(1);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const INSERT_BATCH = 100;
const TARGETS = 5;
const RATE = Number(process.env.BENCH_RATE ?? 200);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 15);
// The dispatchers' first second (new processes: JIT, connections, keys) is reported apart from the steady state.
const WARMUP_MS = 1000;
const WORKERS = 2;
const TIMEOUT_MS = 15_000;
/** No phase may run longer than this; a phase that does is reported as cut short. */
const PHASE_DEADLINE_MS = Number(process.env.BENCH_PHASE_DEADLINE_MS ?? 600_000);
const TARGET_DELIVERIES_PER_S = 1000;
/** Event commit -> first attempt, p99, at 1,000 deliveries/s (200 events/s x 5 targets). */
const TARGET_P99_MS = 100;
/** Draining a backlog, deliveries/s against the best signing rate of the same run. */
const TARGET_BACKLOG_RATIO = 0.5;
const root = path.resolve(import.meta.dirname, '..');
const masterKey = randomBytes(32);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';

// ---------------------------------------------------------------------------------------------
// Database

async function recreateDatabase(url: string): Promise<void> {
  const u = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) throw new Error(`refusing a non-loopback database: ${u.hostname}`);
  const name = u.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Dispatchers: in-process (as `fas serve` runs it) or `fas worker` processes

/** What every phase works with. */
interface Setup {
  deps: Deps;
  database: Database;
  /** The benchmark workspace. */
  ctx: Ctx;
  /** Its own connections, for the bench's bookkeeping queries. */
  pool: pg.Pool;
  rx: Receiver;
  /** The payload of every event: a real `account_created`. */
  details: object;
}

interface Runner {
  label: string;
  pids: number[];
  /** The `/metrics` of each dispatcher process. */
  metrics: ScrapeTarget[];
  stop(): Promise<void>;
}

/** The configuration of every dispatcher measured, in-process or `fas worker`. */
const dispatcherEnv = {
  DATABASE_URL,
  FAS_MASTER_KEY: masterKey.toString('base64'),
  FAS_WEBHOOK_ALLOW_INSECURE: 'true',
  FAS_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
};

/**
 * The dispatcher as `fas serve` runs it: `startWebhookWorker` (defaults, woken by NOTIFY) reporting
 * to the process's metrics, which the API serves at `/metrics` for the operator's token. Fresh
 * metrics per phase, so the counters are the phase's.
 */
async function startInProcess(s: Setup): Promise<Runner> {
  const metrics = createMetrics(s.deps, s.database);
  const worker = startWebhookWorker(
    loadConfig(dispatcherEnv),
    s.deps,
    s.database,
    (err) => process.stderr.write(`dispatcher failed: ${(err as Error).message}\n`),
    metrics.dispatcher,
  );
  const token = randomBytes(24).toString('base64url');
  const app = await buildApp({
    deps: s.deps,
    ping: s.database.ping,
    logLevel: false,
    graphiql: false,
    bodyLimitBytes: 1024 * 1024,
    metrics: { metrics, token },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    label: 'in-process dispatcher',
    pids: [],
    metrics: [{ label: 'fas serve', url: `http://127.0.0.1:${port}/metrics`, token }],
    stop: async () => {
      await app.close();
      await worker.stop();
    },
  };
}

async function startWorkerProcesses(n: number): Promise<Runner> {
  const children: ChildProcess[] = [];
  const ready: Promise<void>[] = [];
  const metrics: ScrapeTarget[] = [];
  for (let i = 0; i < n; i++) {
    // A worker has no API port: its metrics are on a listener of its own (no credentials, loopback).
    const metricsPort = await freePort();
    metrics.push({ label: `fas worker ${i}`, url: `http://127.0.0.1:${metricsPort}/metrics` });
    // `node --import tsx` (not the tsx launcher, which would run the worker in a grandchild).
    // BENCH_WORKER_NODE_ARGS: extra node flags for the workers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'src/cli/main.ts'), 'worker'], {
      cwd: root,
      env: { ...process.env, ...dispatcherEnv, FAS_METRICS_ADDRESS: `127.0.0.1:${metricsPort}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    child.stderr?.on('data', (c) => process.stderr.write(`[worker ${i}] ${c}`));
    ready.push(
      new Promise<void>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`worker ${i} not ready after 60 s: ${out}`)), 60_000);
        child.stdout?.on('data', (c) => {
          out += c;
          if (out.includes('webhook worker ready')) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.once('exit', (code) => reject(new Error(`worker ${i} exited (${code}) before ready: ${out}`)));
      }),
    );
  }
  await Promise.all(ready);
  return {
    label: `${n} \`fas worker\` processes`,
    pids: children.map((c) => c.pid!),
    metrics,
    stop: async () => {
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.exitCode !== null || c.signalCode !== null) return resolve();
              const kill = setTimeout(() => c.kill('SIGKILL'), 20_000);
              c.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              c.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Phases

/** `n` events and a delivery per active target for each, written in SQL (no `emitEvent`). */
async function insertBacklog(db: Pick<Prisma.TransactionClient, '$executeRaw'>, workspaceId: string, details: object, n: number) {
  await db.$executeRaw`
    INSERT INTO events (id, workspace_id, type, account_id, occurred_at, details)
    SELECT gen_random_uuid(), ${workspaceId}::uuid, 'account_created', NULL, now(), ${JSON.stringify(details)}::jsonb
    FROM generate_series(1, ${n}::int)`;
  await db.$executeRaw`
    INSERT INTO webhook_deliveries (id, event_id, target_id, workspace_id, event_type, status, attempts, next_attempt_at, created_at)
    SELECT gen_random_uuid(), e.id, t.id, t.workspace_id, e.type, 'pending', 0, now(), now()
    FROM events e JOIN webhook_targets t ON t.workspace_id = e.workspace_id AND t.status = 'active'`;
}

/** EVENTS events and their deliveries in one transaction, the dispatchers woken at its commit. */
async function commitBacklog(s: Setup) {
  await s.deps.db.$transaction(
    async (tx: Prisma.TransactionClient) => {
      await insertBacklog(tx, s.ctx.workspaceId, s.details, EVENTS);
      await tx.$executeRaw`SELECT pg_notify(${DELIVERIES_CHANNEL}, '')`;
    },
    { timeout: 120_000 },
  );
}

/** Empties the queue between phases. TRUNCATE keeps the planner statistics (see `primeStatistics`). */
async function resetDeliveries(s: Pick<Setup, 'pool' | 'rx'>) {
  await s.pool.query('TRUNCATE webhook_attempts, webhook_deliveries, events');
  await s.rx.reset();
}

/**
 * Gives the planner the statistics of a queue in use. On a table never analyzed (or analyzed while
 * empty) PostgreSQL estimates the due deliveries at a handful and plans the claim as "every due
 * delivery, then sort", which costs 15-25 ms per claim with a 20,000-delivery backlog instead of
 * 0.1 ms. A new installation is in that state until autovacuum's first analyze (the migration
 * `webhook_queue_tuning` makes that come after 500 changed rows); measuring it would measure that.
 */
async function primeStatistics(s: Setup) {
  await insertBacklog(s.deps.db, s.ctx.workspaceId, s.details, 4000);
  await s.pool.query('ANALYZE webhook_deliveries, events, webhook_targets');
  await resetDeliveries(s);
}

interface Progress {
  done: number;
  failed: number;
  last: Date | null;
}
async function progress(pool: pg.Pool): Promise<Progress> {
  const { rows } = await pool.query(
    `SELECT count(*) FILTER (WHERE status <> 'pending')::int AS done, count(*) FILTER (WHERE status = 'failed')::int AS failed,
       max(completed_at) AS last FROM webhook_deliveries`,
  );
  return rows[0] as Progress;
}

/** Waits until `expected` deliveries are complete, or the deadline. */
async function drain(pool: pg.Pool, expected: number, deadline: number): Promise<Progress & { complete: boolean }> {
  for (;;) {
    const p = await progress(pool);
    if (p.done >= expected) return { ...p, complete: true };
    if (performance.now() > deadline) return { ...p, complete: false };
    await sleep(250);
  }
}

/** Every phase's `/metrics` figures with the bench's own counts, for the third table. */
const observed: { metrics: PhaseMetrics; counts: BenchCounts }[] = [];

interface ThroughputResult {
  mode: string;
  runner: string;
  backlog: boolean;
  events: number;
  deliveries: number;
  insertS: number;
  elapsedS: number;
  /** Deliveries per second once every event was in: the dispatcher alone. */
  afterInsertRate: number;
  complete: boolean;
  failed: number;
  duplicates: number;
  cpu: CpuUse;
  /** The machine's 1-minute load average at the end of the phase (other work on it shows here). */
  load: number;
}

async function throughput(s: Setup, start: () => Promise<Runner>, backlog = false): Promise<ThroughputResult> {
  const { deps, ctx, pool, rx, details } = s;
  await resetDeliveries(s);
  const runner = await start();
  process.stderr.write(`throughput, ${runner.label}: inserting ${EVENTS} events${backlog ? ' at once' : ''}...\n`);
  const sampler = startSampler(runner.metrics);
  const deadline = performance.now() + PHASE_DEADLINE_MS;
  const cpu0 = cpuSnapshot(runner.pids, DATABASE_NAME);
  let firstCommit = 0;
  let inserted = 0;
  const insertStarted = performance.now();
  if (backlog) {
    await commitBacklog(s);
    firstCommit = Date.now();
    inserted = EVENTS;
  }
  while (inserted < EVENTS && performance.now() < deadline) {
    const n = Math.min(INSERT_BATCH, EVENTS - inserted);
    await deps.db.$transaction(
      async (tx: Prisma.TransactionClient) => {
        for (let j = 0; j < n; j++) await emitEvent(tx, ctx, { type: 'account_created', accountId: null, details });
      },
      { timeout: 60_000, maxWait: 30_000 },
    );
    if (!firstCommit) firstCommit = Date.now();
    inserted += n;
  }
  const insertS = (performance.now() - insertStarted) / 1000;
  const insertEnd = Date.now();
  const doneAtInsertEnd = (await progress(pool)).done;
  process.stderr.write(`  inserted in ${insertS.toFixed(1)} s; draining...\n`);
  const expected = inserted * TARGETS;
  const p = await drain(pool, expected, deadline);
  const cpu = cpuSince(cpu0, cpuSnapshot(runner.pids, DATABASE_NAME));
  const metrics = await sampler.finish();
  await runner.stop();
  const counts = await rx.count();
  const mode = `${runner.label}, ${backlog ? 'all events committed at once' : `events streamed in transactions of ${INSERT_BATCH}`}`;
  observed.push({
    metrics,
    counts: { phase: `throughput: ${mode}`, ...counts, expected, done: p.done, disabledTargets: 0 },
  });
  const end = p.complete && p.last ? new Date(p.last).getTime() : Date.now();
  const elapsedS = (end - firstCommit) / 1000;
  const afterInsertRate = (p.done - doneAtInsertEnd) / Math.max(0.001, (end - insertEnd) / 1000);
  process.stderr.write(`  ${p.done}/${expected} in ${elapsedS.toFixed(1)} s\n`);
  return {
    mode,
    runner: runner.label,
    backlog,
    events: inserted,
    deliveries: p.done,
    insertS,
    elapsedS,
    afterInsertRate,
    complete: p.complete,
    failed: p.failed,
    duplicates: counts.requests - counts.unique,
    cpu,
    load: loadavg()[0]!,
  };
}

interface LatencyResult {
  mode: string;
  targets: number;
  events: number;
  rate: number;
  deliveries: number;
  arrived: number;
  complete: boolean;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** The first WARMUP_MS of the phase (the dispatchers just started): p99 and max. */
  coldP99: number;
  coldMax: number;
  cpu: CpuUse;
  load: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function latency(s: Setup, start: () => Promise<Runner>, targets = TARGETS): Promise<LatencyResult> {
  const { deps, ctx, pool, rx, details } = s;
  await resetDeliveries(s);
  // Fewer active targets: the others are disabled for this run (no deliveries are created for them).
  const { rows: all } = await pool.query<{ id: string }>('SELECT id::text FROM webhook_targets ORDER BY created_at, id');
  await pool.query(`UPDATE webhook_targets SET status = 'active'`);
  await pool.query(`UPDATE webhook_targets SET status = 'disabled' WHERE id = ANY($1::uuid[])`, [all.slice(targets).map((t) => t.id)]);
  const runner = await start();
  process.stderr.write(`latency, ${runner.label}, ${targets} target(s): ${RATE} events/s for ${LATENCY_SECONDS} s...\n`);
  const cpu0 = cpuSnapshot(runner.pids, DATABASE_NAME);
  const sampler = startSampler(runner.metrics);
  const commits = new Map<string, number>();
  const inflight = new Set<Promise<void>>();
  const interval = 1000 / RATE;
  const started = performance.now();
  const stopAt = started + LATENCY_SECONDS * 1000;
  let i = 0;
  let errors = 0;
  while (performance.now() < stopAt) {
    const due = started + i * interval;
    const ahead = due - performance.now();
    if (ahead > 1) await sleep(ahead);
    if (inflight.size >= 50) await Promise.race(inflight);
    const id = randomUUID();
    // emitEvent takes the event id from ctx.ids: give each event a known id to match its commit time.
    const c: Ctx = { ...ctx, ids: { uuid: () => id } };
    const p: Promise<void> = deps.db
      .$transaction((tx: Prisma.TransactionClient) => emitEvent(tx, c, { type: 'account_created', accountId: null, details }))
      .then(
        () => {
          commits.set(id, Date.now());
        },
        () => {
          errors++;
        },
      )
      .finally(() => inflight.delete(p));
    inflight.add(p);
    i++;
  }
  await Promise.all(inflight);
  const emitS = (performance.now() - started) / 1000;
  const expected = commits.size * targets;
  const p = await drain(pool, expected, performance.now() + 120_000);
  const cpu = cpuSince(cpu0, cpuSnapshot(runner.pids, DATABASE_NAME));
  const metrics = await sampler.finish();
  await runner.stop();
  await pool.query(`UPDATE webhook_targets SET status = 'active'`);
  const { first, requests } = await rx.dump();
  const arrivals = new Map(first);
  const { rows } = await pool.query<{ id: string; event_id: string }>('SELECT id::text, event_id::text FROM webhook_deliveries');
  const lat: number[] = [];
  const cold: number[] = [];
  const t0 = Math.min(...commits.values());
  for (const r of rows) {
    const at = arrivals.get(r.id);
    const committed = commits.get(r.event_id);
    if (at !== undefined && committed !== undefined) (committed - t0 < WARMUP_MS ? cold : lat).push(at - committed);
  }
  lat.sort((a, b) => a - b);
  cold.sort((a, b) => a - b);
  observed.push({
    metrics,
    counts: {
      phase: `latency: ${runner.label}, ${targets} target(s)`,
      requests,
      unique: first.length,
      expected,
      done: p.done,
      disabledTargets: all.length - targets,
      p50: percentile(lat, 50),
      p99: percentile(lat, 99),
    },
  });
  if (errors) process.stderr.write(`  ${errors} event transactions failed\n`);
  process.stderr.write(
    `  ${commits.size} events in ${emitS.toFixed(1)} s, ${lat.length + cold.length}/${rows.length} deliveries matched\n`,
  );
  return {
    mode: runner.label,
    targets,
    events: commits.size,
    rate: commits.size / emitS,
    deliveries: rows.length,
    arrived: lat.length + cold.length,
    complete: p.complete,
    p50: percentile(lat, 50),
    p90: percentile(lat, 90),
    p99: percentile(lat, 99),
    max: lat[lat.length - 1] ?? Number.NaN,
    coldP99: percentile(cold, 99),
    coldMax: cold[cold.length - 1] ?? Number.NaN,
    cpu,
    load: loadavg()[0]!,
  };
}

// ---------------------------------------------------------------------------------------------

/** A throughput phase's CPU per delivery by process: in-process, the dispatcher is the bench process's main thread. */
function cpuPerDeliveryRow(r: ThroughputResult, signCpuMs: number): string {
  const per = (s: number) => (r.deliveries ? (1000 * s) / r.deliveries : Number.NaN);
  const inProcess = r.cpu.workers === 0;
  const js = inProcess ? r.cpu.selfMain : r.cpu.workersMain;
  const other = inProcess ? r.cpu.self - r.cpu.selfMain : r.cpu.workers - r.cpu.workersMain;
  const bench = inProcess ? Number.NaN : r.cpu.self;
  const all = r.cpu.self + r.cpu.workers + r.cpu.postgres;
  return `| ${r.mode} | ${per(js).toFixed(3)} | ${per(other).toFixed(3)}${inProcess ? ' (with the receiver thread)' : ''} | ${per(r.cpu.postgres).toFixed(3)} | ${inProcess ? 'in the two before' : per(bench).toFixed(3)} | ${per(all).toFixed(3)} | ${(signCpuMs / per(all)).toFixed(2)} |`;
}

function machine(pgVersion: string): string {
  const model = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model ?? 'unknown';
  return `${cpus().length} vCPU (${model}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, PostgreSQL ${pgVersion} on 127.0.0.1 (default configuration)`;
}

async function main() {
  await recreateDatabase(DATABASE_URL);
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: '/nonexistent' });
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
  const rx = await startReceiver();
  try {
    const deps: Deps = {
      db: database.prisma,
      sql: database.sql,
      clock: systemClock,
      ids: randomIds,
      cipher: createFieldCipher(masterKey),
      publicUrl: 'http://127.0.0.1',
      allowInsecureWebhooks: true,
    };
    await ensureSigningKey(deps);
    const ws = await createWorkspace(deps, { name: 'Webhook benchmark', sandbox: true, adminEmail: 'bench@example.com' });
    const ctx = createContext(deps, { workspaceId: ws.workspaceId, sandbox: true, actor: { kind: 'system', role: 'admin' } });
    for (let i = 0; i < TARGETS; i++) await createWebhookTarget(ctx, { url: `${rx.url}/target-${i}` });
    // A real account_created event: its details are the payload of every emitted event.
    const account = await createAccount(ctx, { type: 'individual', email: 'holder@example.com', reference: 'bench-0001' });
    const sample = await deps.db.event.findFirstOrThrow({
      where: { workspaceId: ws.workspaceId },
      select: { details: true, occurredAt: true },
    });
    const details = sample.details as object;
    const body = deliveryBody({
      id: randomUUID(),
      type: 'account_created',
      accountId: account.accountId,
      occurredAt: sample.occurredAt,
      details,
    });
    const pgVersion = (await pool.query('SHOW server_version')).rows[0].server_version as string;
    const setup: Setup = { deps, database, ctx, pool, rx, details };
    await primeStatistics(setup);

    process.stderr.write(`signing ceiling (${body.length} byte body)...\n`);
    const ceiling = await signingCeiling(deps, body, { webhookId: randomUUID(), tenantId: ws.workspaceId });
    // The machine's signing ceiling: the best of the ways measured.
    const signRate = Math.max(...ceiling.map((c) => c.perS));
    // CPU of one signature, for the signature's share of each delivery's CPU (load-independent).
    const signCpuMs = ceiling.find((c) => c.cpuMs !== undefined)?.cpuMs ?? Number.NaN;

    const skip = (process.env.BENCH_SKIP ?? '').split(',');
    const runs: ThroughputResult[] = [];
    if (!skip.includes('tp-inproc')) runs.push(await throughput(setup, async () => startInProcess(setup)));
    if (!skip.includes('tp-workers')) runs.push(await throughput(setup, () => startWorkerProcesses(WORKERS)));
    if (!skip.includes('backlog') && !skip.includes('backlog-inproc'))
      runs.push(await throughput(setup, async () => startInProcess(setup), true));
    if (!skip.includes('backlog') && !skip.includes('backlog-workers'))
      runs.push(await throughput(setup, () => startWorkerProcesses(WORKERS), true));
    const lats: LatencyResult[] = [];
    if (!skip.includes('lat-inproc')) lats.push(await latency(setup, async () => startInProcess(setup)));
    if (!skip.includes('lat-workers')) lats.push(await latency(setup, () => startWorkerProcesses(WORKERS)));
    // The same rate to one target (200 deliveries/s): the pipeline's own latency, without a backlog.
    if (!skip.includes('lat-1')) {
      lats.push(await latency(setup, async () => startInProcess(setup), 1));
      lats.push(await latency(setup, () => startWorkerProcesses(WORKERS), 1));
    }

    const out: string[] = [];
    out.push(
      `Machine: ${machine(pgVersion)}. Load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}.`,
    );
    out.push(
      `${TARGETS} active targets on one receiver (node http on 127.0.0.1, 204 at once), body ${body.length} bytes, RSA 2048 / RS512.`,
    );
    out.push('');
    out.push('### Signing ceiling (same run)');
    out.push('');
    out.push('| measurement | signatures/s |');
    out.push('|---|---|');
    for (const c of ceiling) out.push(`| ${c.label} | ${fmt(c.perS)}${c.cpuMs ? ` (CPU ${c.cpuMs.toFixed(3)} ms a signature)` : ''} |`);
    out.push('');
    out.push(`### Throughput: ${fmt(EVENTS)} events x ${TARGETS} targets`);
    out.push('');
    out.push(
      '| dispatcher | events | deliveries | insert (s) | first commit -> last 2xx (s) | events/s | deliveries/s | deliveries/s after the last insert | / signing ceiling | CPU s: bench process / workers / PostgreSQL | machine busy | load (1 min) | duplicates |',
    );
    out.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    const verdicts: string[] = [];
    const verdict = (what: string, figure: string, met: boolean) => {
      verdicts.push(`| ${what} | ${figure} | ${met ? 'met' : '**missed**'} |`);
      return met ? '(met)' : '(missed)';
    };
    for (const r of runs) {
      const dps = r.deliveries / r.elapsedS;
      const ratio = dps / signRate;
      const ratioNote = r.backlog
        ? ` ${verdict(`backlog drain >= ${TARGET_BACKLOG_RATIO.toFixed(2)} x best signing rate (${fmt(signRate)}/s), ${r.runner}`, `${fmt(dps)}/s = ${ratio.toFixed(2)}`, r.complete && ratio >= TARGET_BACKLOG_RATIO)}`
        : '';
      out.push(
        `| ${r.mode}${r.complete ? '' : ' (cut short at the deadline)'} | ${fmt(r.events)} | ${fmt(r.deliveries)}${r.failed ? ` (${r.failed} failed)` : ''} | ${r.insertS.toFixed(1)} | ${r.elapsedS.toFixed(1)} | ${fmt(r.events / r.elapsedS)} | **${fmt(dps)}** ${dps >= TARGET_DELIVERIES_PER_S ? '(met)' : `(target ${fmt(TARGET_DELIVERIES_PER_S)}: missed)`} | ${fmt(r.afterInsertRate)} | ${ratio.toFixed(2)}${ratioNote} | ${r.cpu.self.toFixed(0)} / ${r.cpu.workers.toFixed(0)} / ${r.cpu.postgres.toFixed(0)} | ${r.cpu.machineBusyPct.toFixed(0)}% | ${r.load.toFixed(1)} | ${r.duplicates} |`,
      );
    }
    out.push('');
    out.push(
      `CPU per delivery (process CPU / deliveries; what other work on the machine changes least). The signature alone costs ${signCpuMs.toFixed(3)} ms (bare \`crypto.sign\` above); its share is what the drain / signing-rate ratio tends to on an otherwise idle machine where the drain is CPU-bound.`,
    );
    out.push('');
    out.push(
      '| dispatcher | dispatcher JS thread (ms) | dispatcher other threads: signing, GC (ms) | PostgreSQL backends of this database (ms) | bench process: receiver, writer (ms) | all (ms) | signature share |',
    );
    out.push('|---|---|---|---|---|---|---|');
    for (const r of runs) out.push(cpuPerDeliveryRow(r, signCpuMs));
    out.push('');
    out.push(`### Latency: ${RATE} events/s for ${LATENCY_SECONDS} s, event commit -> first attempt at the receiver`);
    out.push('');
    out.push(
      `Percentiles of the events committed after the phase's first ${WARMUP_MS} ms (the dispatchers' steady state); that first second, as the dispatchers start (new \`fas worker\` processes: JIT, connections, signing key), is in its own column.`,
    );
    out.push('');
    out.push(
      '| dispatcher | active targets | events | achieved events/s | deliveries arrived | p50 (ms) | p90 (ms) | p99 (ms) | max (ms) | first second: p99 / max (ms) | CPU s: bench / workers / PostgreSQL | machine busy | load (1 min) |',
    );
    out.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const l of lats) {
      out.push(
        `| ${l.mode}${l.complete ? '' : ' (not drained within 120 s)'} | ${l.targets} (${fmt(l.rate * l.targets)} deliveries/s) | ${fmt(l.events)} | ${fmt(l.rate)} | ${fmt(l.arrived)}/${fmt(l.deliveries)} | ${fmt(l.p50)} | ${fmt(l.p90)} | **${fmt(l.p99)}** ${
          l.targets === TARGETS
            ? verdict(
                `event -> first attempt p99 <= ${TARGET_P99_MS} ms at ${fmt(RATE * TARGETS)} deliveries/s (${RATE} events/s x ${TARGETS} targets), ${l.mode}`,
                `${fmt(l.p99)} ms (achieved ${fmt(l.rate * l.targets)} deliveries/s)`,
                l.complete && l.p99 <= TARGET_P99_MS && l.rate >= RATE * 0.95,
              )
            : l.p99 <= TARGET_P99_MS
              ? `(<= ${TARGET_P99_MS})`
              : `(> ${TARGET_P99_MS})`
        } | ${fmt(l.max)} | ${fmt(l.coldP99)} / ${fmt(l.coldMax)} | ${l.cpu.self.toFixed(0)} / ${l.cpu.workers.toFixed(0)} / ${l.cpu.postgres.toFixed(0)} | ${l.cpu.machineBusyPct.toFixed(0)}% | ${l.load.toFixed(1)} |`,
      );
    }
    out.push('');
    out.push('### Targets');
    out.push('');
    out.push('| target | measured | |');
    out.push('|---|---|---|');
    out.push(...verdicts);
    out.push('');
    out.push("### `/metrics` during each phase, against the bench's own counts");
    out.push('');
    out.push(
      "Scraped every second and at the end of each phase, before its dispatchers stop; counters and histograms summed over the phase's processes, queue and target gauges (database-wide) from one, pool gauges summed. Quantiles are interpolated in the histogram buckets (as `histogram_quantile`). The in-process pool also carries the bench's own event writing.",
    );
    out.push('');
    out.push(...METRICS_HEADER);
    const mismatches: string[] = [];
    for (const o of observed) {
      const r = metricsRow(o.metrics, o.counts);
      out.push(r.row);
      mismatches.push(...r.mismatches.map((m) => `- ${o.counts.phase}: ${m}`));
    }
    out.push('');
    out.push(
      mismatches.length
        ? `Metrics disagreeing with the bench:\n\n${mismatches.join('\n')}`
        : 'Every check agrees: metrics and the bench count the same attempts, deliveries, queue and disabled targets.',
    );
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await rx.close();
    await pool.end();
    await database.close();
  }
}

await main();
