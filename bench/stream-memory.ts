// npm run bench:stream [-- --streams N] [--events M] [--seconds S] [--settle T] [--pglite]
//
// The audit's unread event stream (issue 33, finding 1): a real `fas serve` (run from the sources
// with tsx, so no build is needed), M events (default 200,000) in one workspace, then N streams
// (default 5) opened from the oldest event's `Last-Event-ID` by clients that never read (raw TCP
// sockets, paused), held S seconds (default 30), closed, and the server watched T more seconds
// (default 120). The server's resident and external memory (its `/metrics`) is sampled every
// second; a markdown table prints before, the peak while open, at close and T seconds after.
// PostgreSQL by default (database `fas_bench_stream` on DATABASE_URL's server, dropped after);
// `--pglite` uses an embedded data directory. The rate limit is off: what is measured is the stream.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { createWorkspace } from '../src/core/workspaces/create-workspace.js';
import { Prisma } from '../src/db/generated/prisma/client.js';
import { openDeps } from '../src/server/deps.js';
import { parsePrometheus } from './support/metrics-scrape.js';
import { rssMiB } from './support/serve-process.js';
import { pgliteTarget, postgresTarget } from './support/targets.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const STREAMS = arg('--streams', 5);
const EVENTS = arg('--events', 200_000);
const SECONDS = arg('--seconds', 30);
const SETTLE = arg('--settle', 120);
const PORT = arg('--port', 18_000 + Math.floor(Math.random() * 2000));
const root = path.resolve(import.meta.dirname, '..');
const log = (s: string) => process.stderr.write(`${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MiB = 1024 * 1024;

const target = args.includes('--pglite') ? await pgliteTarget('stream') : await postgresTarget('fas_bench_stream');
const METRICS_TOKEN = randomBytes(24).toString('hex');
const env: Record<string, string> = {
  ...target.env,
  FAS_MASTER_KEY: randomBytes(32).toString('base64'),
  FAS_METRICS_TOKEN: METRICS_TOKEN,
  FAS_RATE_LIMIT_PER_SECOND: '0',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  PORT: String(PORT),
  HOST: '127.0.0.1',
};

/** A workspace's API key and M events older than every transaction (one generate_series statement), and the oldest one's id. */
async function prepare(): Promise<{ key: string; oldest: string }> {
  const { database, deps } = await openDeps(loadConfig({ ...process.env, ...env }));
  try {
    const ws = await createWorkspace(deps, { name: 'Stream bench', sandbox: true, adminEmail: 'stream@example.com' });
    const started = performance.now();
    await database.sql(Prisma.sql`
      INSERT INTO events (id, workspace_id, type, account_id, occurred_at, details, tx_id)
      SELECT gen_random_uuid(), ${ws.workspaceId}::uuid, 'account_status_updated', md5('account-' || (i % 1000))::uuid,
        now() - interval '1 day' + (i * interval '1 day' / ${EVENTS}),
        jsonb_build_object('account', jsonb_build_object('accountId', md5('account-' || (i % 1000))::uuid, 'status', 'active',
          'type', 'individual', 'email', 'holder' || (i % 1000) || '@example.com', 'name', 'Holder number ' || (i % 1000))),
        i - ${EVENTS} - 1
      FROM generate_series(1, ${EVENTS}) AS i`);
    log(`inserted ${EVENTS} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const [oldest] = await database.sql<{ id: string }>(
      Prisma.sql`SELECT id::text AS id FROM events WHERE workspace_id = ${ws.workspaceId}::uuid ORDER BY tx_id, seq LIMIT 1`,
    );
    return { key: ws.apiKey.key, oldest: oldest!.id };
  } finally {
    await database.close();
  }
}

/** `fas serve --no-worker` from the sources (the pid is the server's own). */
async function serve(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--no-worker'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    err = (err + d).slice(-4000);
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const up = await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${err}`);
}

interface Sample {
  rss: number;
  external: number;
}

async function sample(pid: number): Promise<Sample> {
  const res = await fetch(`http://127.0.0.1:${PORT}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const metrics = parsePrometheus(await res.text());
  const external = metrics.find((m) => m.name === 'fas_nodejs_external_memory_bytes')?.value ?? Number.NaN;
  return { rss: rssMiB(pid), external: external / MiB };
}

/** A stream request on a raw socket that never reads a byte of the answer. */
function unreadStream(key: string, lastEventId: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, '127.0.0.1', () => {
      socket.pause();
      socket.write(
        `GET /api/v2/events/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: APIKey ${key}\r\nAccept: text/event-stream\r\nLast-Event-ID: ${lastEventId}\r\n\r\n`,
      );
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** How many of `n` new streams of the workspace open now (each closed at once). */
async function placesFree(key: string, n: number): Promise<number> {
  const c = new AbortController();
  const statuses = await Promise.all(
    Array.from({ length: n }, () =>
      fetch(`http://127.0.0.1:${PORT}/api/v2/events/stream`, { headers: { authorization: `APIKey ${key}` }, signal: c.signal }).then(
        (r) => r.status,
        () => 0,
      ),
    ),
  );
  c.abort();
  return statuses.filter((s) => s === 200).length;
}

let server: ChildProcess | undefined;
try {
  const { key, oldest } = await prepare();
  server = await serve();
  const pid = server.pid!;
  await sleep(2000);
  const before = await sample(pid);
  log(`server up (pid ${pid}): rss ${before.rss.toFixed(0)} MiB, external ${before.external.toFixed(0)} MiB`);
  const sockets = await Promise.all(Array.from({ length: STREAMS }, () => unreadStream(key, oldest)));
  for (const s of sockets) s.on('error', () => {});
  const peak = { ...before };
  for (let s = 0; s < SECONDS; s++) {
    await sleep(1000);
    const now = await sample(pid);
    // A scrape the loaded server did not answer in time is NaN: left out of the peak.
    if (Number.isFinite(now.rss)) peak.rss = Math.max(peak.rss, now.rss);
    if (Number.isFinite(now.external)) peak.external = Math.max(peak.external, now.external);
    log(`t=${s + 1}s rss ${now.rss.toFixed(0)} MiB, external ${now.external.toFixed(0)} MiB`);
  }
  const open = await sample(pid);
  // The clients cannot see it (they read nothing): the places the server freed (5 a workspace) can.
  const dropped = await placesFree(key, STREAMS);
  for (const s of sockets) s.destroy();
  let after = open;
  for (let s = 0; s < SETTLE; s++) {
    await sleep(1000);
    after = await sample(pid);
    if ((s + 1) % 10 === 0) log(`closed +${s + 1}s rss ${after.rss.toFixed(0)} MiB, external ${after.external.toFixed(0)} MiB`);
  }
  const mb = (n: number) => n.toFixed(0);
  console.log(
    `\n${STREAMS} unread streams from the oldest of ${EVENTS.toLocaleString('en')} events, ${SECONDS} s, ${target.name}` +
      ` (${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)})\n`,
  );
  console.log(`| server memory | before | peak (streams open) | at close | ${SETTLE} s after close |`);
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| rss (MiB) | ${mb(before.rss)} | ${mb(peak.rss)} | ${mb(open.rss)} | ${mb(after.rss)} |`);
  console.log(`| external (MiB) | ${mb(before.external)} | ${mb(peak.external)} | ${mb(open.external)} | ${mb(after.external)} |`);
  console.log(`\nunread streams the server had dropped by the end: ${dropped} of ${STREAMS}`);
} finally {
  server?.kill('SIGTERM');
  await sleep(1000);
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await target.cleanup();
}
