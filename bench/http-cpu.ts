// npx tsx bench/http-cpu.ts [--mode M] [--seconds S] [--profile FILE]  (DATABASE_URL: a bench:transactions database)
//
// CPU per request of one list page (GET /api/v2/transactions?page=1&limit=100 or BENCH_QUERY), the
// figure that survives a loaded machine where latencies do not: this process's user+system CPU
// (process.cpuUsage) over the requests of S seconds (default 5), from a client in a child process
// (its CPU not counted), one request at a time. Needs the `bench-main` workspace that
// `bench/transactions.ts` seeds. Modes:
//   sql      the page's queries (captured from listTransactions) through a bare `pg` pool
//   sqlapp   the same queries through the app's pool (its wrappers: cancel, connection waits)
//   core     listTransactions in-process
//   rest, graphql, trpc   the app (buildApp, as bench/transactions.ts builds it) over HTTP
//   floor    REST's bytes from a bare node:http server
// --profile FILE writes a V8 CPU profile of the measured seconds (the inspector adds to the CPU).
// Prints one JSON line: mode, requests, p50 ms, cpuUsPerRequest, response bytes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { createContext } from '../src/core/context.js';
import { createFieldCipher } from '../src/core/crypto/field-cipher.js';
import { listTransactions } from '../src/core/transactions/list-transactions.js';
import { applySessionSettings, openDatabase } from '../src/db/database.js';
import type { Prisma } from '../src/db/generated/prisma/client.js';
import { depsOf } from '../src/server/deps.js';
import { serveInProcess } from './support/in-process-app.js';

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const MODE = arg('--mode') ?? 'rest';
const SECONDS = Number(arg('--seconds') ?? 5);
const PROFILE = arg('--profile');
const QUERY = process.env.BENCH_QUERY ?? 'page=1&limit=100';
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fas_bench';
const GQL = `query($page: Int, $limit: Int) { transactions(page: $page, limit: $limit) {
  total data { id reference accountId createdAt transactionType coins status statusReason accountEmail
    statusHistory { status statusReason date } audit { apiKey adminId admin }
    bankTransactionDetails { type coin amount fee total instrumentType transactionReference imad traceNumber originatorName
      senderAccountNumber senderRoutingNumber senderSwiftCode senderIban senderBankName beneficiaryAccountNumber
      beneficiaryRoutingNumber beneficiarySwiftCode beneficiaryIban beneficiaryBankName beneficiaryName addenda }
    cryptoTransactionDetails { type coin network amount fee total networkFee targetAddress txHash }
    tradeTransactionDetails { type product side quantity quantityCurrency fee feeCurrency quoteQuantity quoteCurrency rate } } } }`;

/** Runs `measure` between CPU readings (and the profiler, when asked); CPU per request of what it reports. */
async function measured(measure: () => Promise<{ latencies: number[]; bytes?: number }>): Promise<void> {
  const session = PROFILE ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
  }
  const cpu0 = process.cpuUsage();
  const { latencies, bytes } = await measure();
  const cpu = process.cpuUsage(cpu0);
  if (session && PROFILE) writeFileSync(PROFILE, JSON.stringify((await session.post('Profiler.stop')).profile));
  latencies.sort((a, b) => a - b);
  const n = latencies.length;
  const p50 = latencies[n >> 1] ?? Number.NaN;
  process.stdout.write(
    `${JSON.stringify({ mode: MODE, query: QUERY, requests: n, p50: +p50.toFixed(2), cpuUsPerRequest: Math.round((cpu.user + cpu.system) / n), bytes })}\n`,
  );
}

// The client: its own process, keep-alive, one request at a time; starts on a line from the parent.
const CLIENT = `
const w = JSON.parse(process.argv[1]);
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const latencies = [];
const one = () => new Promise((resolve, reject) => {
  const t = performance.now();
  const req = http.request({ host: '127.0.0.1', port: w.port, path: w.path, method: w.method, agent, headers: w.headers }, (res) => {
    let n = 0;
    res.on('data', (c) => { n += c.length; });
    res.on('end', () => { if (res.statusCode !== 200) return reject(new Error('HTTP ' + res.statusCode)); latencies.push(performance.now() - t); resolve(n); });
  });
  req.on('error', reject);
  req.end(w.body);
});
(async () => {
  for (let i = 0; i < 50; i++) await one();
  latencies.length = 0;
  process.stdout.write('ready\\n');
  await new Promise((r) => process.stdin.once('data', r));
  const end = performance.now() + w.seconds * 1000;
  let bytes = 0;
  while (performance.now() < end) bytes = await one();
  process.stdout.write(JSON.stringify({ latencies, bytes }) + '\\n');
})().catch((e) => { process.stderr.write(String(e) + '\\n'); process.exit(1); });
`;

function overHttp(target: { port: number; path: string; method: string; headers: Record<string, string>; body?: string }) {
  return measured(
    () =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, ['-e', CLIENT, JSON.stringify({ ...target, seconds: SECONDS })], {
          stdio: ['pipe', 'pipe', 'inherit'],
        });
        let out = '';
        child.on('exit', (code) => code && reject(new Error(`client exited ${code}`)));
        child.stdout.on('data', (chunk) => {
          out += chunk;
          const lines = out.split('\n');
          if (lines.length > 2 && lines[1]) resolve(JSON.parse(lines[1]));
        });
        // CPU is read from here on: the warm-up is not counted.
        child.stdout.once('data', () => child.stdin.write('go\n'));
      }),
  );
}

const database = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
const deps = depsOf(database, { cipher: createFieldCipher(randomBytes(32)), publicUrl: 'http://bench', allowInsecureWebhooks: false });
const ws = await deps.db.workspace.findFirst({ where: { name: { startsWith: 'bench-main' } }, select: { id: true } });
if (!ws) throw new Error('no bench-main workspace: run bench/transactions.ts on this database first');
const ctx = createContext(deps, { workspaceId: ws.id, sandbox: true, actor: { kind: 'system', role: 'admin' } });
const input = Object.fromEntries(new URLSearchParams(QUERY));

if (MODE === 'sql' || MODE === 'sqlapp' || MODE === 'core') {
  const captured: Prisma.Sql[] = [];
  await listTransactions(
    {
      ...ctx,
      sql: <R>(q: Prisma.Sql) => {
        captured.push(q);
        return ctx.sql<R>(q);
      },
    },
    input,
  );
  const pool = new pg.Pool({ connectionString: url, max: 4, onConnect: applySessionSettings });
  const once =
    MODE === 'sql'
      ? () => Promise.all(captured.map((q) => pool.query(q.text, q.values as unknown[])))
      : MODE === 'sqlapp'
        ? () => Promise.all(captured.map((q) => ctx.sql(q)))
        : () => listTransactions(ctx, input);
  for (let i = 0; i < 50; i++) await once();
  await measured(async () => {
    const latencies: number[] = [];
    const end = performance.now() + SECONDS * 1000;
    while (performance.now() < end) {
      const t = performance.now();
      await once();
      latencies.push(performance.now() - t);
    }
    return { latencies };
  });
  await pool.end();
} else {
  const { app, port, key } = await serveInProcess(database, deps, ctx, 'bench-http-cpu');
  const headers = { authorization: `Bearer ${key}` };
  const restPath = `/api/v2/transactions?${QUERY}`;
  if (MODE === 'floor') {
    const bytes = Buffer.from(await (await fetch(`http://127.0.0.1:${port}${restPath}`, { headers })).arrayBuffer());
    const floor = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
      res.end(bytes);
    });
    await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', resolve));
    await overHttp({ port: (floor.address() as { port: number }).port, path: '/', method: 'GET', headers: {} });
    floor.close();
  } else if (MODE === 'graphql') {
    const { page, limit } = input;
    const body = JSON.stringify({ query: GQL, variables: { page: Number(page ?? 1), limit: Number(limit ?? 100) } });
    await overHttp({ port, path: '/graphql', method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
  } else if (MODE === 'trpc') {
    const trpcInput = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, /^\d+$/.test(v) ? Number(v) : v]));
    await overHttp({
      port,
      path: `/trpc/transactions.list?input=${encodeURIComponent(JSON.stringify(trpcInput))}`,
      method: 'GET',
      headers,
    });
  } else if (MODE === 'rest') {
    await overHttp({ port, path: restPath, method: 'GET', headers });
  } else throw new Error(`unknown --mode ${MODE}`);
  await app.close();
}
await database.close();
