// npm run bench:transactions [-- --pglite] [-- --reseed] [-- --rows N] [-- --only TEXT]
//
// GET /api/v2/transactions under real HTTP, per query shape, against the bare SQL of the same query.
//
// PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/fas_bench; the database is
// created when missing): seeds 1,000,000 transactions (--rows N: N) in one workspace and a tenth of
// that in another with `seedTransactions` (once: a later run reuses them; --reseed seeds again),
// runs ANALYZE, starts the real app (buildApp) on 127.0.0.1:0 in this process and measures, for
// each shape:
//   - REST latency p50/p95/p99 from one client, then requests/s (and p99) from 4 concurrent clients;
//     the load comes from a worker thread, so the client does not share the server's event loop;
//   - the same query through GraphQL (`transactions(filter, page, limit)`, every field) and tRPC
//     (`transactions.list`), one client;
//   - the core in-process (`listTransactions`, no HTTP) and the bare SQL: the page and count
//     queries that `listTransactions` runs, captured from it and timed through a plain `pg` pool;
//   - "bare HTTP": REST's response bytes for the shape served by a bare `node:http` server in this
//     process to the same client, the floor that loopback HTTP alone puts under REST - SQL.
// With --pglite: the same on an in-memory PGlite with 100,000 rows (the bare SQL then runs on the
// PGlite instance itself). Prints markdown to stdout (progress on stderr), with EXPLAIN (ANALYZE,
// BUFFERS) of the queries of every search shape and of every shape that misses a target: REST p99 <= 50 ms; REST
// p50 at most 1.0 ms over its bare SQL; GraphQL and tRPC p50 within 1.2x of REST; page 1000 within
// 2x of page 1.
// --only TEXT measures only the shapes whose name contains TEXT (`--only search`).
// BENCH_SECONDS (default 3) bounds each measurement.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { type Ctx, createContext, type Deps } from '../src/core/context.js';
import { createFieldCipher } from '../src/core/crypto/field-cipher.js';
import { listTransactions } from '../src/core/transactions/list-transactions.js';
import { applySessionSettings, openDatabase } from '../src/db/database.js';
import { Prisma } from '../src/db/generated/prisma/client.js';
import { seedTransactions } from '../src/operator/seed/seed-transactions.js';
import { depsOf } from '../src/server/deps.js';
import { ensureBenchDatabase } from './support/database.js';
import { serveInProcess } from './support/in-process-app.js';

const args = process.argv.slice(2);
const pglite = args.includes('--pglite');
const reseed = args.includes('--reseed');
const rowsArg = args.indexOf('--rows');
const MAIN_ROWS = rowsArg >= 0 ? Number(args[rowsArg + 1]) : pglite ? 100_000 : 1_000_000;
if (!Number.isSafeInteger(MAIN_ROWS) || MAIN_ROWS < 10_000) throw new Error('bench: --rows takes a whole number >= 10000');
const OTHER_ROWS = pglite ? 0 : Math.round(MAIN_ROWS / 10);
const onlyArg = args.indexOf('--only');
const ONLY = onlyArg >= 0 ? (args[onlyArg + 1] ?? '') : '';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const MIN_SAMPLES = 30;
const CONCURRENCY = 4;
const P99_TARGET_MS = 50;
/** REST p50 minus the bare SQL p50: what HTTP, authentication and JSON may add to a page. */
const OVERHEAD_TARGET_MS = 1.0;
/** GraphQL and tRPC p50 against REST p50. */
const PROTOCOL_RATIO_TARGET = 1.2;
/** Page 1000 against page 1 (REST p50). */
const DEEP_PAGE_RATIO_TARGET = 2;
const PAGE_1 = 'page 1 (limit 100)';
const PAGE_1000 = 'page 1000 (limit 100)';
/** Bumped whenever the seeded data changes, so an older bench database is seeded again. */
const DATA_VERSION = 'v3';
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fas_bench';

const log = (s: string) => process.stderr.write(`${s}\n`);

// ---------------------------------------------------------------------------------------------
// Data

interface Seeded {
  ctx: Ctx;
  seconds: number | null;
}

/** A bench workspace holding exactly `rows` seeded rows: reused when there, seeded otherwise. */
async function benchWorkspace(deps: Deps, role: string, rows: number, seed: number): Promise<Seeded> {
  const name = `bench-${role} ${DATA_VERSION} (${rows} rows, seed ${seed})`;
  let ws = await deps.db.workspace.findFirst({ where: { name }, select: { id: true } });
  if (ws) {
    const have = await deps.db.transaction.count({ where: { workspaceId: ws.id } });
    if (have === rows && !reseed) {
      log(`reusing ${name}: ${have} rows`);
      return { ctx: context(deps, ws.id), seconds: null };
    }
    log(`${name} holds ${have} rows: seeding it again`);
    await deps.db.workspace.delete({ where: { id: ws.id } });
  }
  ws = await deps.db.workspace.create({ data: { id: deps.ids.uuid(), name, sandbox: true }, select: { id: true } });
  const ctx = context(deps, ws.id);
  const started = performance.now();
  let shown = -1;
  await seedTransactions(ctx, {
    transactions: rows,
    seed,
    onProgress: (done, total) => {
      const pct = Math.floor((done / total) * 100);
      if (pct !== shown) process.stderr.write(`\rseeding ${name}: ${done}/${total} (${pct}%)`);
      shown = pct;
    },
    onPhase: (phase) => log(`\n${phase} (at ${((performance.now() - started) / 1000).toFixed(1)} s)`),
  });
  const seconds = (performance.now() - started) / 1000;
  log(`\nseeded ${rows} rows in ${seconds.toFixed(1)} s`);
  return { ctx, seconds };
}

function context(deps: Deps, workspaceId: string): Ctx {
  return createContext(deps, { workspaceId, sandbox: true, actor: { kind: 'system', role: 'admin' } });
}

/** Workspaces of older bench data (another version or size) are removed: they would only add weight. */
async function dropStaleBenchWorkspaces(deps: Deps, keep: string[]): Promise<void> {
  const stale = await deps.db.workspace.findMany({
    where: { name: { startsWith: 'bench-' }, NOT: { name: { in: keep } } },
    select: { id: true, name: true },
  });
  for (const ws of stale) {
    log(`removing stale bench workspace "${ws.name}"`);
    await deps.db.workspace.delete({ where: { id: ws.id } });
  }
  if (stale.length) await deps.db.$executeRawUnsafe('VACUUM (ANALYZE) transactions');
}

// ---------------------------------------------------------------------------------------------
// Load: a worker thread issues the requests (its own event loop), the server runs here.

// node:http with keep-alive rather than fetch: undici's streams cost the client (same thread, but
// still time inside every measured request) more than the server's whole HTTP layer.
const WORKER = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
parentPort.on('message', async ({ url, init, concurrency, seconds, minSamples }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  const request = () => new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method: init.method || 'GET', headers: init.headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
  const one = async () => {
    const t = performance.now();
    const res = await request();
    if (res.status !== 200) throw new Error('HTTP ' + res.status + ' ' + res.body.toString().slice(0, 300));
    latencies.push(performance.now() - t);
  };
  try {
    await one(); await one(); latencies.length = 0; // warm up the connection and the query
    const started = performance.now();
    const until = started + seconds * 1000;
    const hardStop = started + seconds * 3000;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (performance.now() < hardStop && (performance.now() < until || latencies.length < minSamples)) await one();
    }));
    parentPort.postMessage({ latencies, elapsed: performance.now() - started });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.stack || err) });
  } finally {
    agent.destroy();
  }
});
`;

interface Measured {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  n: number;
}

function stats(latencies: number[], elapsedMs: number): Measured {
  const s = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
  return { p50: at(50), p95: at(95), p99: at(99), rps: s.length / (elapsedMs / 1000), n: s.length };
}

function loadGenerator() {
  const worker = new Worker(WORKER, { eval: true });
  return {
    run(url: string, init: RequestInit, concurrency: number): Promise<Measured> {
      return new Promise((resolve, reject) => {
        worker.once('message', (m: { latencies?: number[]; elapsed?: number; error?: string }) => {
          if (m.error) reject(new Error(m.error));
          else resolve(stats(m.latencies ?? [], m.elapsed ?? 1));
        });
        worker.postMessage({ url, init, concurrency, seconds: SECONDS, minSamples: MIN_SAMPLES });
      });
    },
    close: () => worker.terminate(),
  };
}

/** Runs `fn` over and over for SECONDS (at least MIN_SAMPLES times); the times it reports. */
async function repeat(fn: () => Promise<number>): Promise<Measured> {
  await fn();
  const times: number[] = [];
  const started = performance.now();
  while (performance.now() - started < SECONDS * 1000 || times.length < MIN_SAMPLES) times.push(await fn());
  return stats(times, performance.now() - started);
}

// ---------------------------------------------------------------------------------------------
// The bare SQL: the queries listTransactions runs, captured from it, then replayed alone.

interface Captured {
  text: string;
  values: unknown[];
}

/** The SQL `listTransactions` runs for a query (page, count: whatever it issues), in order. */
async function captureQueries(ctx: Ctx, query: Record<string, unknown>): Promise<Captured[]> {
  const captured: Captured[] = [];
  const capturing: Ctx = {
    ...ctx,
    sql: async <R>(q: Prisma.Sql) => {
      captured.push({ text: q.text, values: q.values as unknown[] });
      return ctx.sql<R>(q);
    },
  };
  await listTransactions(capturing, query);
  return captured;
}

type Runner = (text: string, values: unknown[]) => Promise<unknown>;

/** The queries run as listTransactions runs them (concurrently), timed from first start to last end. */
function bareSql(run: Runner, queries: Captured[]): () => Promise<number> {
  return async () => {
    const t = performance.now();
    await Promise.all(queries.map((q) => run(q.text, q.values)));
    return performance.now() - t;
  };
}

// ---------------------------------------------------------------------------------------------

const GQL = `query($filter: TransactionFilter, $page: Int, $limit: Int) { transactions(filter: $filter, page: $page, limit: $limit) {
  total data { id reference accountId createdAt transactionType coins status statusReason accountEmail
    statusHistory { status statusReason date } audit { apiKey adminId admin }
    bankTransactionDetails { type coin amount fee total instrumentType transactionReference imad traceNumber originatorName
      senderAccountNumber senderRoutingNumber senderSwiftCode senderIban senderBankName beneficiaryAccountNumber
      beneficiaryRoutingNumber beneficiarySwiftCode beneficiaryIban beneficiaryBankName beneficiaryName addenda }
    cryptoTransactionDetails { type coin network amount fee total networkFee targetAddress txHash }
    tradeTransactionDetails { type product side quantity quantityCurrency fee feeCurrency quoteQuantity quoteCurrency rate } } } }`;

/**
 * The floor under REST's overhead: a bare `node:http` server in this process that answers every
 * request with the bytes REST answered for the shape, already serialized. What REST costs above
 * it is Fastify, its hooks, authentication, the DTO mapping and JSON.stringify; the floor itself
 * is loopback HTTP between two threads and a 100-row body's writes and reads on this machine.
 */
async function transportFloor(): Promise<{ url: string; serve(body: string): void; close(): Promise<void> }> {
  let bytes = Buffer.alloc(0);
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
    serve(body) {
      bytes = Buffer.from(body);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function machine(pgVersion: string): string {
  let model = 'unknown';
  try {
    model = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? model;
  } catch {}
  const pgliteVersion = (JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string }).version;
  return `${cpus().length} CPUs (${model}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${
    pglite ? `PGlite ${pgliteVersion} in-process (PostgreSQL 17, WASM)` : `PostgreSQL ${pgVersion}`
  }`;
}

async function main() {
  const load0 = loadavg()[0]!;
  if (!pglite) await ensureBenchDatabase(pgUrl);
  const database = await openDatabase({ databaseUrl: pglite ? 'memory://' : pgUrl, dataDir: '/nonexistent' });
  const deps = depsOf(database, { cipher: createFieldCipher(randomBytes(32)), publicUrl: 'http://bench', allowInsecureWebhooks: false });
  const names = [`bench-main ${DATA_VERSION} (${MAIN_ROWS} rows, seed 1)`, `bench-other ${DATA_VERSION} (${OTHER_ROWS} rows, seed 2)`];
  await dropStaleBenchWorkspaces(deps, names);
  // The smaller workspace first: the larger load then at least doubles the table, so `fas seed`
  // builds the indexes after it instead of inserting every row into them.
  const other = OTHER_ROWS ? await benchWorkspace(deps, 'other', OTHER_ROWS, 2) : null;
  const main = await benchWorkspace(deps, 'main', MAIN_ROWS, 1);
  await deps.db.$executeRawUnsafe('ANALYZE transactions');
  const ctx = main.ctx;
  const ws = ctx.workspaceId;

  const { app, base, key } = await serveInProcess(database, deps, ctx);
  const headers = { authorization: `Bearer ${key}` };

  // Shapes drawn from the data itself, so they match whatever day the data was seeded on.
  const one = async <R>(q: Prisma.Sql) => (await deps.sql<R>(q))[0] as R;
  const sql = Prisma.sql;
  const busiest = await one<{ id: string }>(
    sql`SELECT account_id::text AS id FROM transactions WHERE workspace_id = ${ws}::uuid GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  );
  const newest = await one<{ at: Date }>(sql`SELECT max(created_at) AS at FROM transactions WHERE workspace_id = ${ws}::uuid`);
  const ref = await one<{ reference: string }>(
    sql`SELECT reference FROM transactions WHERE workspace_id = ${ws}::uuid AND reference LIKE 'INV-%' ORDER BY created_at DESC, id DESC OFFSET 1000 LIMIT 1`,
  );
  const daysBefore = (n: number) => new Date(new Date(newest.at).getTime() - n * 86_400_000).toISOString().slice(0, 10);
  const shapes: [string, Record<string, string | number>][] = [
    ['no filter', {}],
    ['accountId (busiest account)', { accountId: busiest.id }],
    ['transactionType=crypto', { transactionType: 'crypto' }],
    ['status=failed', { status: 'failed' }],
    ['coin=usd', { coin: 'usd' }],
    [`search: reference fragment "${ref.reference.slice(0, -1).toLowerCase()}"`, { search: ref.reference.slice(0, -1).toLowerCase() }],
    ['search: addenda name "orig name: soylent foods"', { search: 'orig name: soylent foods' }],
    ['status+type+coin (completed, trade, eth)', { status: 'completed', transactionType: 'trade', coin: 'eth' }],
    ['one-day range', { startDate: daysBefore(100), endDate: daysBefore(100) }],
    ['90-day range', { startDate: daysBefore(200), endDate: daysBefore(111) }],
    [PAGE_1, { page: 1, limit: 100 }],
    ['page 50 (limit 100)', { page: 50, limit: 100 }],
    [PAGE_1000, { page: 1000, limit: 100 }],
  ];

  const introspection = (await (
    await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __type(name: "Query") { fields { name } } }' }),
    })
  ).json()) as { data?: { __type?: { fields: { name: string }[] } } };
  const hasGraphql = !!introspection.data?.__type?.fields.some((f) => f.name === 'transactions');
  if (!hasGraphql) log('GraphQL has no `transactions` field: its column is n/a');

  // The bare SQL runs in sessions set up as the app's are (no JIT, work_mem >= 16MB).
  const pool = pglite ? null : new pg.Pool({ connectionString: pgUrl, max: CONCURRENCY, onConnect: applySessionSettings });
  const run: Runner = pool
    ? (text, values) => pool.query(text, values)
    : (text, values) => database.sql({ text, values } as unknown as Prisma.Sql); // PGlite reads only these two
  const pgVersion = pool ? ((await pool.query('SHOW server_version')).rows[0] as { server_version: string }).server_version : '';
  const generator = loadGenerator();
  const floor = await transportFloor();
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

  const rows: string[] = [];
  const misses: { shape: string; why: string; queries: Captured[] }[] = [];
  /** Shapes whose plans are printed: the searches, and every miss. */
  const explained: { shape: string; queries: Captured[] }[] = [];
  const restP50 = new Map<string, number>();
  for (const [name, query] of shapes.filter(([n]) => n.includes(ONLY))) {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const restUrl = `${base}/api/v2/transactions?${qs}`;
    // The three protocols must agree before they are timed.
    const restText = await (await fetch(restUrl, { headers })).text();
    const restBody = JSON.parse(restText) as { total: number; data: unknown[] };
    const { page, limit, ...filter } = query;
    const gqlInit = {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: GQL, variables: { filter, page, limit } }),
    };
    if (hasGraphql) {
      const g = (await (await fetch(`${base}/graphql`, gqlInit)).json()) as {
        data?: { transactions: { total: number } };
        errors?: unknown;
      };
      if (g.errors || g.data?.transactions.total !== restBody.total)
        throw new Error(`${name}: GraphQL disagrees: ${JSON.stringify(g).slice(0, 300)}`);
    }
    const trpcUrl = `${base}/trpc/transactions.list?input=${encodeURIComponent(JSON.stringify(query))}`;
    const t = (await (await fetch(trpcUrl, { headers })).json()) as { result?: { data?: { total: number } } };
    if (t.result?.data?.total !== restBody.total) throw new Error(`${name}: tRPC disagrees: ${JSON.stringify(t).slice(0, 300)}`);

    const rest = await generator.run(restUrl, { headers }, 1);
    const restLoaded = await generator.run(restUrl, { headers }, CONCURRENCY);
    const gql = hasGraphql ? await generator.run(`${base}/graphql`, gqlInit, 1) : null;
    const trpc = await generator.run(trpcUrl, { headers }, 1);
    floor.serve(restText);
    const bareHttp = await generator.run(floor.url, {}, 1);
    const core = await repeat(async () => {
      const t0 = performance.now();
      await listTransactions(ctx, query);
      return performance.now() - t0;
    });
    const queries = await captureQueries(ctx, query);
    const bare = await repeat(bareSql(run, queries));
    const overhead = rest.p50 - bare.p50;
    rows.push(
      `| ${name} | ${restBody.total} | ${f(rest.p50)} | ${f(rest.p95)} | ${f(rest.p99)} | ${restLoaded.rps.toFixed(0)} | ${f(restLoaded.p99)} | ${
        gql ? `${f(gql.p50)} / ${f(gql.p99)}` : 'n/a'
      } | ${f(trpc.p50)} / ${f(trpc.p99)} | ${f(core.p50)} | ${f(bare.p50)} | ${f(overhead)} | ${f(bareHttp.p50)} |`,
    );
    const why: string[] = [];
    if (rest.p99 > P99_TARGET_MS) why.push(`REST p99 ${f(rest.p99)} ms > ${P99_TARGET_MS} ms`);
    if (overhead > OVERHEAD_TARGET_MS)
      why.push(
        `REST p50 ${f(overhead)} ms over its bare SQL (${f(bare.p50)} ms) > ${OVERHEAD_TARGET_MS} ms (the same bytes from a bare node:http server: ${f(bareHttp.p50)} ms)`,
      );
    for (const [protocol, m] of [
      ['GraphQL', gql],
      ['tRPC', trpc],
    ] as const) {
      if (m && m.p50 > rest.p50 * PROTOCOL_RATIO_TARGET)
        why.push(`${protocol} p50 ${(m.p50 / rest.p50).toFixed(2)}x REST > ${PROTOCOL_RATIO_TARGET}x`);
    }
    restP50.set(name, rest.p50);
    const page1 = restP50.get(PAGE_1);
    if (name === PAGE_1000 && page1 !== undefined && rest.p50 > page1 * DEEP_PAGE_RATIO_TARGET)
      why.push(`REST p50 ${(rest.p50 / page1).toFixed(2)}x page 1 (${f(page1)} ms) > ${DEEP_PAGE_RATIO_TARGET}x`);
    if (why.length) misses.push({ shape: name, why: why.join('; '), queries });
    if (query.search) explained.push({ shape: name, queries });
    log(`measured ${name}: REST p50 ${f(rest.p50)} p99 ${f(rest.p99)} ms, SQL p50 ${f(bare.p50)} ms`);
  }
  const load1 = loadavg()[0]!;

  const out: string[] = [];
  out.push(
    `### ${pglite ? 'PGlite (in-memory)' : 'PostgreSQL'}: ${MAIN_ROWS.toLocaleString('en-US')} transactions in the measured workspace${
      OTHER_ROWS ? ` (+${OTHER_ROWS.toLocaleString('en-US')} in another)` : ''
    }`,
    '',
    `Machine: ${machine(pgVersion)}. Load average ${load0.toFixed(2)} at start, ${load1.toFixed(2)} at the end.`,
    `Seeding: ${
      main.seconds === null
        ? 'reused from an earlier run'
        : `${MAIN_ROWS.toLocaleString('en-US')} rows in ${main.seconds.toFixed(1)} s${
            other?.seconds ? `, ${OTHER_ROWS.toLocaleString('en-US')} in ${other.seconds.toFixed(1)} s` : ''
          }`
    }.`,
    `Latencies in ms; p50/p95/p99 from one client, req/s and "p99 @4" from ${CONCURRENCY} concurrent clients (a worker thread, \`node:http\` keep-alive), ${SECONDS} s (and at least ${MIN_SAMPLES} requests) each. "core" is \`listTransactions\` in-process (no HTTP); "SQL" the page and count queries it runs, alone, through ${pglite ? 'the PGlite instance' : 'a plain `pg` pool'}; "bare HTTP" the same response bytes, already serialized, from a bare \`node:http\` server in this process to the same client (the floor under REST - SQL).`,
    '',
    '| shape | total | REST p50 | REST p95 | REST p99 | req/s @4 | p99 @4 | GraphQL p50 / p99 | tRPC p50 / p99 | core p50 | SQL p50 | REST - SQL p50 | bare HTTP p50 |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  );
  if (!misses.length)
    out.push(
      `Every shape meets REST p99 <= ${P99_TARGET_MS} ms, REST p50 <= its SQL + ${OVERHEAD_TARGET_MS} ms, GraphQL and tRPC <= ${PROTOCOL_RATIO_TARGET}x REST, page 1000 <= ${DEEP_PAGE_RATIO_TARGET}x page 1.`,
      '',
    );
  else out.push('Misses:', '', ...misses.map((m) => `- ${m.shape}: ${m.why}`), '');
  for (const m of misses) if (!explained.some((e) => e.shape === m.shape)) explained.push(m);
  if (pool && explained.length) {
    out.push('#### Plans of the searches and the misses (EXPLAIN (ANALYZE, BUFFERS))', '');
    for (const m of explained) {
      for (const q of m.queries) {
        const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values);
        out.push(
          `<details><summary>${m.shape}: ${/\bpage AS \(/.test(q.text) ? 'page' : 'count'} query</summary>`,
          '',
          '```',
          q.text.replace(/\s+/g, ' ').trim(),
          `-- ${JSON.stringify(q.values)}`,
          ...plan.rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']),
          '```',
          '</details>',
          '',
        );
      }
    }
  }
  process.stdout.write(`${out.join('\n')}\n`);

  await generator.close();
  await floor.close();
  await app.close();
  await pool?.end();
  await database.close();
}

await main();
