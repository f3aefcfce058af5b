// npx tsx bench/cursor-explain.ts [-- --rows N]
//
// Plans and timings of cursor pages (`after`) deep in the four lists that take one, on PostgreSQL
// (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/fas_cursor_explain; created when
// missing, its workspace seeded again on each run): N transactions (default 100,000) seeded with
// `seedTransactions`, and N accounts, webhook deliveries and audit records copied in SQL from one
// real row each. For each list it takes the cursor at the middle of the list from a numbered page,
// then prints EXPLAIN (ANALYZE, BUFFERS) of the cursor page: the SQL the use case runs (captured
// from `ctx.sql`) for transactions and the audit log; for accounts and deliveries (read through
// Prisma) the statement Prisma sends for it, written out. A plan must read an index from the
// cursor on, without OFFSET and without a sort of every row. Prints markdown on stdout.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { createAccount } from '../src/core/accounts/create-account.js';
import { listAccounts } from '../src/core/accounts/list-accounts.js';
import { listAuditLog } from '../src/core/audit/list-audit-log.js';
import { type Ctx, createContext } from '../src/core/context.js';
import { createFieldCipher } from '../src/core/crypto/field-cipher.js';
import { decodeCursor } from '../src/core/cursor.js';
import { listTransactions } from '../src/core/transactions/list-transactions.js';
import { createWebhookTarget } from '../src/core/webhooks/create-webhook-target.js';
import { listWebhookDeliveries } from '../src/core/webhooks/list-webhook-deliveries.js';
import { openDatabase } from '../src/db/database.js';
import type { Prisma } from '../src/db/generated/prisma/client.js';
import { seedTransactions } from '../src/operator/seed/seed-transactions.js';
import { depsOf } from '../src/server/deps.js';
import { ensureBenchDatabase } from './support/database.js';

const args = process.argv.slice(2);
const rowsArg = args.indexOf('--rows');
const ROWS = rowsArg >= 0 ? Number(args[rowsArg + 1]) : 100_000;
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fas_cursor_explain';
const log = (s: string) => process.stderr.write(`${s}\n`);

interface Captured {
  text: string;
  values: unknown[];
}

/** Runs `read` with a `ctx.sql` that records what it sends. */
async function capture(ctx: Ctx, read: (c: Ctx) => Promise<unknown>): Promise<Captured[]> {
  const captured: Captured[] = [];
  await read({
    ...ctx,
    sql: async <R>(q: Prisma.Sql) => {
      captured.push({ text: q.text, values: q.values as unknown[] });
      return ctx.sql<R>(q);
    },
  });
  return captured;
}

/** Copies one row of `table` `n` times in SQL, each column from `template` unless `set` gives an expression of `g` (1..n). */
async function copyRows(pool: pg.Pool, table: string, where: string, n: number, set: Record<string, string>) {
  const { rows } = await pool.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema() ORDER BY ordinal_position`,
    [table],
  );
  const cols = rows.map((r) => r.column_name);
  const exprs = cols.map((c) => set[c] ?? `src."${c}"`);
  await pool.query(
    `INSERT INTO ${table} (${cols.map((c) => `"${c}"`).join(', ')})
     SELECT ${exprs.join(', ')} FROM (SELECT * FROM ${table} WHERE ${where} LIMIT 1) src, generate_series(1, ${n}) g`,
  );
  await pool.query(`ANALYZE ${table}`);
}

async function main() {
  const load0 = loadavg()[0]!;
  await ensureBenchDatabase(url);
  const database = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
  const deps = depsOf(database, { cipher: createFieldCipher(randomBytes(32)), publicUrl: 'http://bench', allowInsecureWebhooks: true });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const name = 'cursor-explain';
  await deps.db.workspace.deleteMany({ where: { name } });
  const ws = await deps.db.workspace.create({ data: { id: deps.ids.uuid(), name, sandbox: true }, select: { id: true } });
  const ctx = createContext(deps, { workspaceId: ws.id, sandbox: true, actor: { kind: 'system', role: 'admin' } });
  log(`seeding ${ROWS} transactions`);
  await seedTransactions(ctx, { transactions: ROWS, seed: 7 });
  // One real account, target, delivery and audit record, each copied ROWS times (1 s apart, newest first).
  await createWebhookTarget(ctx, { url: 'http://127.0.0.1:9/explain' });
  await createAccount(ctx, { type: 'individual', email: 'template@example.com' });
  const w = `workspace_id = '${ws.id}'`;
  const ago = `now() - g * interval '1 second'`;
  log('copying accounts, deliveries and audit records');
  await copyRows(pool, 'accounts', `${w} AND email = 'template@example.com'`, ROWS, {
    id: 'gen_random_uuid()',
    email: `'copy-' || g || '@example.com'`,
    created_at: ago,
  });
  await copyRows(pool, 'webhook_deliveries', w, ROWS, {
    id: 'gen_random_uuid()',
    created_at: ago,
    status: `(ARRAY['pending', 'succeeded', 'failed']::delivery_status[])[1 + g % 3]`,
  });
  await copyRows(pool, 'audit_records', w, ROWS, { seq: `(SELECT max(seq) FROM audit_records WHERE ${w}) + g` });
  const middle = { page: ROWS / 200, limit: 100 };
  const out = [`Cursor pages at ${ROWS} rows per list (load average ${load0.toFixed(2)} at the start)`, ''];
  const explain = async (title: string, q: Captured) => {
    const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values);
    const lines = plan.rows.map((r) => r['QUERY PLAN'] as string);
    out.push(`### ${title}`, '', '```', ...lines, '```', '');
    if (/\bOFFSET\b/i.test(q.text)) out.push('**OFFSET in a cursor page**', '');
  };
  for (const [title, filter] of [
    ['transactions', {}],
    ['transactions, status', { status: 'completed' }],
    [
      'transactions, account',
      { accountId: (await deps.db.account.findFirst({ where: { workspaceId: ws.id }, select: { id: true } }))!.id },
    ],
    ['transactions, search', { search: 'acme' }],
  ] as const) {
    const { total } = await listTransactions(ctx, { ...filter, limit: 1 });
    // The cursor after the middle page of this filter's rows.
    const deep = (await listTransactions(ctx, { ...filter, page: Math.max(1, Math.floor(total / 200)), limit: 100 })).nextCursor;
    log(`${title}: total ${total}`);
    if (!deep) continue;
    const [page] = await capture(ctx, (c) => listTransactions(c, { ...filter, after: deep, limit: 100 }));
    await explain(`${title} (total ${total})`, page!);
  }
  const audit = (await listAuditLog(ctx, middle)).nextCursor!;
  const [auditPage] = await capture(ctx, (c) => listAuditLog(c, { after: audit, limit: 100 }));
  await explain('audit log', auditPage!);
  // Accounts and deliveries: Prisma's statement for `AND: [where, afterKeyWhere(key)]`, ordered, LIMIT 101.
  for (const [title, table, cursor, kind] of [
    ['accounts', 'accounts', (await listAccounts(ctx, middle)).nextCursor!, 'accounts'],
    ['webhook deliveries', 'webhook_deliveries', (await listWebhookDeliveries(ctx, middle)).nextCursor!, 'webhook-deliveries'],
  ] as const) {
    const key = decodeCursor(ctx, kind, '[]', cursor);
    await explain(title, {
      text: `SELECT * FROM ${table} WHERE workspace_id = $1 AND created_at <= $2 AND (created_at < $2 OR (created_at = $2 AND id < $3))
        ORDER BY created_at DESC, id DESC LIMIT 101`,
      values: [ws.id, key.at, key.id],
    });
  }
  process.stdout.write(`${out.join('\n')}\n`);
  await pool.end();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
