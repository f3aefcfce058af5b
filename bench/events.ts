// npm run bench:events [-- --events N] [--iterations K]
//
// The events API at scale: N events (default 1,000,000) in one workspace on PostgreSQL (inserted
// with one generate_series statement: 24 types, 1,000 accounts, 30 days), then each list shape
// called K times (default 200, after 20 warm-up calls) through the use case (`listEvents`: the
// validation, the page query, the exact total and the payload of every row), printing p50, p99 and
// the page size. Shapes: the newest page, a type filter, an account filter, a date range, the
// after-cursor feed (100 events after one 1,000 behind the end, as a sync loop reads; after one in
// the middle, alone and with a type: the exact total then counts half the table).
//
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/fas_bench_events_i25e), created when
// missing; the workspace is reused when it already holds N events.
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { createContext } from '../src/core/context.js';
import { createFieldCipher } from '../src/core/crypto/field-cipher.js';
import { listEvents } from '../src/core/events/list-events.js';
import { openDatabase } from '../src/db/database.js';
import { Prisma } from '../src/db/generated/prisma/client.js';
import { depsOf } from '../src/server/deps.js';
import { ensureBenchDatabase } from './support/database.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const EVENTS = arg('--events', 1_000_000);
const ITERATIONS = arg('--iterations', 200);
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fas_bench_events_i25e';
const log = (s: string) => process.stderr.write(`${s}\n`);

await ensureBenchDatabase(url);
const database = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
const deps = depsOf(database, {
  cipher: createFieldCipher(randomBytes(32)),
  publicUrl: 'http://localhost',
  allowInsecureWebhooks: false,
});
const name = `bench-events (${EVENTS})`;
let ws = await deps.db.workspace.findFirst({ where: { name }, select: { id: true } });
if (!ws || (await deps.db.event.count({ where: { workspaceId: ws.id } })) !== EVENTS) {
  if (ws) await deps.db.workspace.delete({ where: { id: ws.id } });
  ws = await deps.db.workspace.create({ data: { id: deps.ids.uuid(), name, sandbox: true }, select: { id: true } });
  const started = performance.now();
  // Accounts are uuids made from their number; tx_id grows with the row like real commits, and is
  // at most 0, below every real transaction id, so the feed's horizon shows them all.
  await database.sql(Prisma.sql`
    INSERT INTO events (id, workspace_id, type, account_id, occurred_at, details, tx_id)
    SELECT gen_random_uuid(), ${ws.id}::uuid,
      (ARRAY['account_created','account_status_updated','kyc_status_updated','kyc_needs_update','kyc_verification_submitted','kyc_verification_signed','kyc_document_upload_received','kyc_document_uploaded','kyc_verification_completed','kyb_verification_submitted','kyb_document_uploaded','bank_account_link','crypto_transaction_created','crypto_transaction_received','crypto_transaction_status_updated','crypto_wallet_created','crypto_beneficiary_created','crypto_beneficiary_updated','crypto_beneficiary_deleted','bank_transaction_created','bank_transaction_received','bank_transaction_status_updated','trade_transaction_created','trade_transaction_status_updated'])[1 + i % 24],
      md5('account-' || (i % 1000))::uuid,
      now() - interval '30 days' + (i * interval '30 days' / ${EVENTS}),
      jsonb_build_object('account', jsonb_build_object('accountId', md5('account-' || (i % 1000))::uuid, 'status', 'active', 'email', 'holder' || (i % 1000) || '@example.com')),
      i - ${EVENTS}
    FROM generate_series(1, ${EVENTS}) AS i`);
  log(`inserted ${EVENTS} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} else log(`reusing ${name}`);
// As autovacuum leaves an insert-mostly table: statistics, and the visibility map that lets the
// exact totals count from the index alone.
await database.sql(Prisma.sql`VACUUM ANALYZE events`);
const ctx = createContext(deps, { workspaceId: ws.id, sandbox: true, actor: { kind: 'system', role: 'admin' } });
const [middle] = await database.sql<{ id: string }>(
  Prisma.sql`SELECT id FROM events WHERE workspace_id = ${ws.id}::uuid ORDER BY tx_id, seq OFFSET ${Math.floor(EVENTS / 2)} LIMIT 1`,
);
const [nearEnd] = await database.sql<{ id: string }>(
  Prisma.sql`SELECT id FROM events WHERE workspace_id = ${ws.id}::uuid ORDER BY tx_id DESC, seq DESC OFFSET 1000 LIMIT 1`,
);
const [accountRow] = await database.sql<{ id: string }>(Prisma.sql`SELECT md5('account-7')::uuid::text AS id`);

const shapes: [string, Record<string, unknown>][] = [
  ['newest page (limit 100)', { limit: 100 }],
  ['type filter (1 type of 24)', { type: 'kyc_needs_update', limit: 100 }],
  ['account filter (1 account of 1,000)', { accountId: accountRow!.id, limit: 100 }],
  [
    'date range (one day)',
    {
      startDate: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
      limit: 100,
      endDate: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
    },
  ],
  ['after-cursor feed, 1,000 behind the end (a sync loop)', { after: nearEnd!.id, limit: 100 }],
  ['after-cursor feed (100 after the middle)', { after: middle!.id, limit: 100 }],
  ['after-cursor feed + type filter', { after: middle!.id, type: 'kyc_needs_update', limit: 100 }],
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const rows: string[] = [];
for (const [label, query] of shapes) {
  for (let i = 0; i < 20; i++) await listEvents(ctx, query);
  const times: number[] = [];
  let page = { data: [] as unknown[], total: 0 };
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    page = await listEvents(ctx, query);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  rows.push(
    `| ${label} | ${page.data.length} | ${page.total.toLocaleString('en-US')} | ${pct(times, 50).toFixed(1)} | ${pct(times, 99).toFixed(1)} |`,
  );
  log(rows.at(-1)!);
}
console.log(`\nevents API at ${EVENTS.toLocaleString('en-US')} events (PostgreSQL, ${ITERATIONS} calls each, in-process use case)`);
console.log(`machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}\n`);
console.log('| shape | rows | total | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|');
for (const r of rows) console.log(r);
await database.close();
