// npm run bench:export [-- --rows N] [--pglite] [--parallel P] [--load-rows M]
//
// The CSV export at scale: a real `fas serve` (the built dist/, as `npm start` runs it) in a
// process of its own, so its memory is measured apart from the client, exporting every
// transaction of a workspace of N rows (default 1,000,000 on PostgreSQL, 100,000 with --pglite)
// while this process reads the stream and throws it away. Prints time to the first byte, total
// time, rows/s, bytes, and the server's resident memory before, along (at 10%, 50% and 90% of the
// file) and at its peak during the export (sampled every 20 ms, and the kernel's VmHWM), on a fresh
// server and again warm, against baselines: the same use case consumed
// in-process without HTTP (what the server adds), and on PostgreSQL the server's own
// `COPY (SELECT ...) TO STDOUT (FORMAT csv)` of the same rows (the database's floor). Then P
// exports at once (default 5) of a workspace of M rows (default N), while another workspace's key
// reads a page of 10 transactions and `/healthz` is asked, each every 100 ms from a worker thread
// of their own: their p50/p99 and answers, the exports' total time and the server's peak memory.
//
// PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/fas_bench_export_i23b),
// created when missing, the workspace reused when it already holds N rows. PGlite: a new data
// directory in the temporary directory, removed at the end. Needs `npm run build` first.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { createContext, type Deps } from '../src/core/context.js';
import { createFieldCipher } from '../src/core/crypto/field-cipher.js';
import { exportTransactions } from '../src/core/transactions/export-transactions.js';
import { createApiKey } from '../src/core/workspaces/create-api-key.js';
import { openDatabase } from '../src/db/database.js';
import { seedTransactions } from '../src/operator/seed/seed-transactions.js';
import { depsOf } from '../src/server/deps.js';
import { ensureBenchDatabase } from './support/database.js';
import { exportsUnderLoad, type LoadRun } from './support/export-load.js';

const args = process.argv.slice(2);
const pglite = args.includes('--pglite');
const rowsArg = args.indexOf('--rows');
const ROWS = rowsArg >= 0 ? Number(args[rowsArg + 1]) : pglite ? 100_000 : 1_000_000;
const numberArg = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const PARALLEL = numberArg('--parallel', 5);
const LOAD_ROWS = numberArg('--load-rows', ROWS);
/** The other workspace, whose reads are timed during the parallel exports. */
const OTHER_ROWS = 1000;
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fas_bench_export_i23b';
const log = (s: string) => process.stderr.write(`${s}\n`);
const MiB = 1024 * 1024;

if (!existsSync(new URL('../dist/cli/main.js', import.meta.url)))
  throw new Error('bench:export runs the built server: npm run build first');

/** A workspace holding exactly ROWS transactions (reused when present), and a new API key for it. */
async function prepare(deps: Deps, rows = ROWS): Promise<{ workspaceId: string; key: string }> {
  const name = `bench-export (${rows} rows)`;
  let ws = await deps.db.workspace.findFirst({ where: { name }, select: { id: true } });
  const ctxOf = (id: string) => createContext(deps, { workspaceId: id, sandbox: true, actor: { kind: 'system', role: 'admin' } });
  if (!ws || (await deps.db.transaction.count({ where: { workspaceId: ws.id } })) !== rows) {
    if (ws) await deps.db.workspace.delete({ where: { id: ws.id } });
    ws = await deps.db.workspace.create({ data: { id: deps.ids.uuid(), name, sandbox: true }, select: { id: true } });
    const started = performance.now();
    await seedTransactions(ctxOf(ws.id), {
      transactions: rows,
      onProgress: (done, total) => process.stderr.write(`\rseeding ${done}/${total}`),
    });
    log(`\nseeded ${rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } else log(`reusing ${name}`);
  const created = await createApiKey(ctxOf(ws.id), { name: 'bench-export' });
  return { workspaceId: ws.id, key: created.key };
}

/** Resident memory of a process, now and its peak so far (the kernel's high-water mark), in bytes. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['bin/fas.js', 'serve', '--no-worker'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', FAS_RATE_LIMIT_PER_SECOND: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`fas serve exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('fas serve did not become ready');
}

interface Run {
  seconds: number;
  firstByteMs?: number;
  bytes: number;
  lines: number;
  rssBefore?: number;
  rssPeak?: number;
  hwm?: number;
  /** Resident memory when 10%, 50% and 90% of the file had arrived: flat when memory is bounded. */
  rssAlong?: number[];
}

/** The whole export over HTTP, read as fast as it comes and discarded (lines counted). */
async function overHttp(base: string, key: string, pid: number): Promise<Run> {
  const before = memoryOf(pid);
  let peak = before.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 20);
  const t0 = performance.now();
  let res = await fetch(`${base}/api/v2/transactions/export`, { headers: { authorization: `APIKey ${key}` } });
  // As a client should: a shed request (503 OVERLOADED) is sent again after its Retry-After.
  for (let tries = 0; res.status === 503 && tries < 30; tries++) {
    await res.text();
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
    res = await fetch(`${base}/api/v2/transactions/export`, { headers: { authorization: `APIKey ${key}` } });
  }
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let firstByteMs: number | undefined;
  let bytes = 0;
  let lines = 0;
  let previous = 0;
  const expected = ROWS * 330; // about the file's size (bytes per row measured), for the 10/50/90% marks
  const marks = [0.1, 0.5, 0.9];
  const along: number[] = [];
  // Records end in CRLF; a bare LF is a line break inside a cell (addenda).
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    firstByteMs ??= performance.now() - t0;
    bytes += chunk.byteLength;
    for (let i = 0; i < chunk.length; i++) {
      if (chunk[i] === 10 && (i > 0 ? chunk[i - 1] : previous) === 13) lines++;
    }
    previous = chunk[chunk.length - 1] ?? previous;
    while (marks.length && bytes >= (marks[0] as number) * expected) {
      marks.shift();
      along.push(memoryOf(pid).rss);
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const after = memoryOf(pid);
  return { seconds, firstByteMs, bytes, lines, rssBefore: before.rss, rssPeak: Math.max(peak, after.rss), hwm: after.hwm, rssAlong: along };
}

/** The same use case consumed in this process: no HTTP, no socket (what the server adds is the difference). */
async function inProcess(deps: Deps, workspaceId: string): Promise<Run> {
  const ctx = createContext(deps, { workspaceId, sandbox: true, actor: { kind: 'system', role: 'admin' } });
  const t0 = performance.now();
  const file = await exportTransactions(ctx, {});
  let bytes = 0;
  let lines = 0;
  for await (const piece of file.chunks) {
    bytes += Buffer.byteLength(piece);
    for (let i = piece.indexOf('\r\n'); i >= 0; i = piece.indexOf('\r\n', i + 2)) lines++;
  }
  return { seconds: (performance.now() - t0) / 1000, bytes, lines };
}

/** PostgreSQL writing the rows' columns as CSV itself, in the export's order: the database's floor. */
async function copyFloor(workspaceId: string): Promise<Run> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    const t0 = performance.now();
    const stream = client.query(
      copyStreams.to(
        `COPY (SELECT t.*, (SELECT a.email FROM accounts a WHERE a.id = t.account_id) FROM transactions t
         WHERE t.workspace_id = '${workspaceId}' ORDER BY t.created_at DESC, t.id DESC) TO STDOUT (FORMAT csv, HEADER)`,
      ),
    );
    let bytes = 0;
    let lines = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
    return { seconds: (performance.now() - t0) / 1000, bytes, lines };
  } finally {
    await client.end();
  }
}

async function main() {
  const masterKey = randomBytes(32).toString('base64');
  const dataDir = pglite ? mkdtempSync(path.join(tmpdir(), 'fas-bench-export-')) : undefined;
  if (!pglite) await ensureBenchDatabase(pgUrl);
  const databaseUrl = pglite ? undefined : pgUrl;
  const open = () => openDatabase({ databaseUrl, dataDir: dataDir ?? '/nonexistent' });
  let database = await open();
  const deps = () =>
    depsOf(database, {
      cipher: createFieldCipher(Buffer.from(masterKey, 'base64')),
      publicUrl: 'http://127.0.0.1',
      allowInsecureWebhooks: false,
    });
  const { workspaceId, key } = await prepare(deps());
  const loaded = LOAD_ROWS === ROWS ? { key } : await prepare(deps(), LOAD_ROWS);
  const other = await prepare(deps(), OTHER_ROWS);
  let load: LoadRun | undefined;
  const results: [string, Run][] = [];
  try {
    const record = (how: string, r: Run) => {
      results.push([how, r]);
      log(`${how}: ${r.seconds.toFixed(1)} s, ${r.lines - 1} rows`);
    };
    record('in-process (core, no HTTP)', await inProcess(deps(), workspaceId));
    if (!pglite) record('PostgreSQL COPY ... TO STDOUT (floor)', await copyFloor(workspaceId));
    // The embedded database opens in one process at a time: the server takes it over.
    if (pglite) await database.close();
    const env: Record<string, string> = {
      FAS_MASTER_KEY: masterKey,
      FAS_DATA_DIR: dataDir ?? mkdtempSync(path.join(tmpdir(), 'fas-bench-')),
    };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    const { child, base } = await startServer(env);
    try {
      record('GET /api/v2/transactions/export, fresh fas serve', await overHttp(base, key, child.pid as number));
      record('the same again (warm)', await overHttp(base, key, child.pid as number));
      if (PARALLEL > 0) {
        load = await exportsUnderLoad({
          base,
          pid: child.pid as number,
          key: loaded.key,
          otherKey: other.key,
          parallel: PARALLEL,
          exportPath: '/api/v2/transactions/export',
          readPath: '/api/v2/transactions?limit=10',
        });
        log(`${PARALLEL} exports at once: ${load.seconds.toFixed(1)} s`);
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    if (pglite) database = await open();
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }

  const base = results[0]?.[1].seconds ?? Number.NaN;
  const fmt = (n: number | undefined, d = 0) =>
    n === undefined || Number.isNaN(n) ? '' : n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(`\nCSV export of ${ROWS.toLocaleString('en-US')} transactions on ${pglite ? 'PGlite' : 'PostgreSQL'}`);
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    '| how | rows | MiB | first byte | total | rows/s | ratio to in-process | server RSS before | at 10% / 50% / 90% of the file | peak (sampled / VmHWM) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const [how, r] of results) {
    const peak = r.rssPeak === undefined ? '' : `${fmt(r.rssPeak / MiB)} / ${fmt((r.hwm ?? 0) / MiB)} MiB`;
    console.log(
      `| ${how} | ${fmt(r.lines - 1)} | ${fmt(r.bytes / MiB, 1)} | ${r.firstByteMs === undefined ? '' : `${fmt(r.firstByteMs)} ms`} | ${fmt(r.seconds, 1)} s | ${fmt((r.lines - 1) / r.seconds)} | ${fmt(r.seconds / base, 2)} | ${r.rssBefore === undefined ? '' : `${fmt(r.rssBefore / MiB)} MiB`} | ${r.rssAlong?.map((x) => fmt(x / MiB)).join(' / ') ?? ''} | ${peak} |`,
    );
  }
  const copy = results.find(([how]) => how.includes('COPY'))?.[1];
  const fresh = results.find(([how]) => how.includes('fresh'))?.[1];
  if (copy && fresh) console.log(`\nover HTTP / COPY: ${fmt(fresh.seconds / copy.seconds, 2)} (fresh server)`);
  if (load) {
    const answers = (s: Record<string, number>) =>
      Object.entries(s)
        .map(([status, n]) => `${n} x ${status}`)
        .join(', ');
    console.log(
      `\n${load.parallel} exports at once of ${LOAD_ROWS.toLocaleString('en-US')} rows each (another workspace reads every 100 ms)`,
    );
    console.log('| exports | total | MiB | server RSS before / peak | /healthz p50 / p99 | answers | other tenant p50 / p99 | answers |');
    console.log('|---|---|---|---|---|---|---|---|');
    console.log(
      `| ${load.parallel} | ${fmt(load.seconds, 1)} s | ${fmt(load.bytes / MiB, 1)} | ${fmt(load.rssBefore / MiB)} / ${fmt(load.rssPeak / MiB)} MiB | ${fmt(load.health.p50)} / ${fmt(load.health.p99)} ms | ${answers(load.health.statuses)} | ${fmt(load.otherRead.p50)} / ${fmt(load.otherRead.p99)} ms | ${answers(load.otherRead.statuses)} |`,
    );
  }
}

await main();
