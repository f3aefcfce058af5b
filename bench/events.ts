// npm run bench:events [-- --events N] [--iterations K] [--pglite] [--reuse]
//
// The events API at scale: N events (default 1,000,000 on PostgreSQL, 100,000 with --pglite, in
// memory) in one workspace, then each list shape called K times (default 200, after 20 warm-up
// calls) through the use case (`listEvents`: validation, page query, total, the payload of every
// row) and the newest page and a type filter also over REST (`GET /api/v2/events`, a real server on
// a port, an API key), printing p50 and p99. "before": the newest page (and one type's) with its total
// counted from the rows, as before the kept counts (migrations event_counts, _by_type), same run.
//
// The events are written by SQL in one statement (seconds, not the 41 minutes of the per-row kept
// count's trigger on one row, quadratic in one transaction: it is skipped for the insert and the
// count set after, as the migration's backfill does). Their payloads are real ones: an account
// created by the use case gives the account_created payload, from which account_status_updated
// and kyc_status_updated (1 in 24, the type filtered on) are made as their writers make them, for
// 1,000 account ids over 30 days. --reuse keeps a workspace already holding N events (its kept
// count), so a rerun takes seconds; without it the workspace is written again.
//
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/fas_bench_events), created when missing.
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { createAccount } from '../src/core/accounts/create-account.js';
import { createContext } from '../src/core/context.js';
import { createFieldCipher } from '../src/core/crypto/field-cipher.js';
import { toEventDto } from '../src/core/events/event-dto.js';
import { listEvents } from '../src/core/events/list-events.js';
import { openDatabase } from '../src/db/database.js';
import { Prisma } from '../src/db/generated/prisma/client.js';
import { depsOf } from '../src/server/deps.js';
import { ensureBenchDatabase } from './support/database.js';
import { serveInProcess } from './support/in-process-app.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const pglite = args.includes('--pglite');
const EVENTS = arg('--events', pglite ? 100_000 : 1_000_000);
const ITERATIONS = arg('--iterations', 200);
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fas_bench_events';
const log = (s: string) => process.stderr.write(`${s}\n`);
const sql = Prisma.sql;

if (!pglite) await ensureBenchDatabase(url);
const database = await openDatabase({ databaseUrl: pglite ? 'memory://' : url, dataDir: '/nonexistent' });
const deps = depsOf(database, { cipher: createFieldCipher(randomBytes(32)), publicUrl: 'http://localhost', allowInsecureWebhooks: false });
const name = `bench-events (${EVENTS})`;
const asAdmin = (workspaceId: string) => createContext(deps, { workspaceId, sandbox: true, actor: { kind: 'system', role: 'admin' } });
const kept = async (id: string) =>
  Number((await deps.sql<{ n: bigint }>(sql`SELECT sum(n) AS n FROM event_counts WHERE workspace_id = ${id}::uuid`))[0]?.n ?? -1);

let ws = await deps.db.workspace.findFirst({ where: { name }, select: { id: true } });
if (ws && args.includes('--reuse') && (await kept(ws.id)) === EVENTS) log(`reusing ${name}`);
else {
  if (ws) await deps.db.workspace.delete({ where: { id: ws.id } });
  ws = await deps.db.workspace.create({ data: { id: deps.ids.uuid(), name, sandbox: true }, select: { id: true } });
  const started = performance.now();
  const account = await createAccount(asAdmin(ws.id), { type: 'individual', email: 'holder@example.com' });
  await deps.db.$transaction(
    async (tx) => {
      // Triggers off for this transaction (the kept count's, and the foreign keys': the workspace exists).
      await tx.$executeRaw`SET LOCAL session_replication_role = replica`;
      // tx_id grows with the row like real commits and is at most 0, below every real transaction
      // id, so the feed's horizon shows them all. The template event is replaced.
      await tx.$executeRaw`DELETE FROM events WHERE workspace_id = ${ws!.id}::uuid`;
      await tx.$executeRaw`
        INSERT INTO events (id, workspace_id, type, account_id, occurred_at, details, tx_id)
        SELECT gen_random_uuid(), ${ws!.id}::uuid, k.type, a.id, now() - interval '30 days' + (i * interval '30 days' / ${EVENTS}),
          CASE k.type
            WHEN 'account_created' THEN jsonb_build_object('account', a.account)
            WHEN 'account_status_updated' THEN jsonb_build_object('account', a.account || '{"status":"active"}', 'previousStatus', 'pending')
            ELSE jsonb_build_object('accountId', a.id, 'status', 'saved', 'previousStatus', NULL)
          END,
          i - ${EVENTS}
        FROM generate_series(1, ${EVENTS}) AS i,
          LATERAL (SELECT md5('account-' || (i % 1000))::uuid AS id) u,
          LATERAL (SELECT u.id, ${JSON.stringify(account)}::jsonb || jsonb_build_object('accountId', u.id) AS account) a,
          LATERAL (SELECT CASE WHEN i % 24 = 0 THEN 'kyc_status_updated' WHEN i % 24 < 4 THEN 'account_status_updated'
            ELSE 'account_created' END AS type) k`;
      await tx.$executeRaw`
        INSERT INTO event_counts (workspace_id, type, n)
        SELECT ${ws!.id}::uuid, type, count(*) FROM events WHERE workspace_id = ${ws!.id}::uuid GROUP BY type
        ON CONFLICT (workspace_id, type) DO UPDATE SET n = excluded.n`;
    },
    { timeout: 3_600_000, maxWait: 60_000 },
  );
  log(`wrote ${EVENTS} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
// As autovacuum leaves an insert-mostly table: statistics, and the visibility map that lets the
// exact totals count from the index alone.
await database.sql(sql`VACUUM ANALYZE events`);
const wsId = ws.id;
const ctx = asAdmin(wsId);
const [middle] = await database.sql<{ id: string }>(
  sql`SELECT id FROM events WHERE workspace_id = ${wsId}::uuid ORDER BY tx_id, seq OFFSET ${Math.floor(EVENTS / 2)} LIMIT 1`,
);
const [nearEnd] = await database.sql<{ id: string }>(
  sql`SELECT id FROM events WHERE workspace_id = ${wsId}::uuid ORDER BY tx_id DESC, seq DESC OFFSET 1000 LIMIT 1`,
);
const [accountRow] = await database.sql<{ id: string }>(sql`SELECT md5('account-7')::uuid::text AS id`);
const oneDay = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);

const { app, base, key } = await serveInProcess(database, deps, ctx);
const rest = (query: string) => async () => {
  const res = await fetch(`${base}/api/v2/events${query}`, { headers: { authorization: `Bearer ${key}` } });
  if (res.status !== 200) throw new Error(`GET /api/v2/events${query}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: unknown[]; total: number };
};
const core = (query: Record<string, unknown>) => () => listEvents(ctx, query);
// Before the kept counts: the same page with its total counted from the workspace's rows (of one type).
const counted = (type?: string) => async () => {
  const where = type ? sql`e.workspace_id = ${wsId}::uuid AND e.type = ${type}` : sql`e.workspace_id = ${wsId}::uuid`;
  const [rows, [c]] = await Promise.all([
    deps.sql<Parameters<typeof toEventDto>[0]>(sql`
      SELECT e.id, e.type, e.account_id, e.occurred_at, e.details FROM events e WHERE ${where}
      ORDER BY e.occurred_at DESC, e.id DESC LIMIT 100`),
    deps.sql<{ total: number }>(sql`SELECT count(*)::int AS total FROM events e WHERE ${where}`),
  ]);
  return { data: rows.map(toEventDto), total: c?.total ?? 0 };
};

const shapes: [string, () => Promise<{ data: unknown[]; total: number }>][] = [
  ['before: newest page, total counted from the rows (core)', counted()],
  ['newest page (core)', core({})],
  ['newest page (REST, default limit)', rest('')],
  ['before: type filter, total counted from the rows (core)', counted('kyc_status_updated')],
  ['type filter, 1 type in 24 (core)', core({ type: 'kyc_status_updated' })],
  ['type filter, 1 type in 24 (REST)', rest('?type=kyc_status_updated')],
  ['account filter, 1 account of 1,000 (core)', core({ accountId: accountRow!.id })],
  ['date range, one day (core)', core({ startDate: oneDay, endDate: oneDay })],
  ['after-cursor feed, 1,000 behind the end (core)', core({ after: nearEnd!.id })],
  ['after-cursor feed, after the middle (core)', core({ after: middle!.id })],
  ['after-cursor feed + type (core)', core({ after: middle!.id, type: 'kyc_status_updated' })],
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const loads = [loadavg()[0]!];
const rows: string[] = [];
for (const [label, call] of shapes) {
  for (let i = 0; i < 20; i++) await call();
  const times: number[] = [];
  let page = { data: [] as unknown[], total: 0 };
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    page = await call();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  rows.push(
    `| ${label} | ${page.data.length} | ${page.total.toLocaleString('en-US')} | ${pct(times, 50).toFixed(1)} | ${pct(times, 99).toFixed(1)} |`,
  );
  log(rows.at(-1)!);
  loads.push(loadavg()[0]!);
}
const db = pglite ? 'PGlite in memory' : 'PostgreSQL';
console.log(`\nevents API at ${EVENTS.toLocaleString('en-US')} events (${db}, ${ITERATIONS} calls each)`);
console.log(`machine: ${cpus().length} cores, load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}\n`);
console.log('| shape | rows | total | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|');
for (const r of rows) console.log(r);
await app.close();
await database.close();
