// npm run bench:rollups [-- --rows N] [--pglite] [--iterations K] [--row-iterations R (0: skip the rows)]
//
// transactionStats (every single grouping, none, and COIN+STATUS+TYPE+DAY) and the overview (7, 30,
// 90 days) through the use cases, answered from the rows (forced: `from: 'rows'`, what every call
// did before the rollups) and from the rollups (transaction_rollups), p50 and p99 of each, with the
// ratio. N transactions (default 1,000,000 on PostgreSQL, 100,000 with --pglite) seeded by `fas
// seed`'s code into one workspace; K calls per shape on the rollups (default 100), R on the rows
// (default 20), after 3 warm-up calls each. Also a partial-day range, which reads the rows either way.
//
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/rollups_bench_<N>), created when
// missing and reused when it holds the seeded workspace; --pglite uses an in-memory PGlite.
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { createContext } from '../src/core/context.js';
import { createFieldCipher } from '../src/core/crypto/field-cipher.js';
import { getOverview } from '../src/core/overview/get-overview.js';
import { type StatsFrom, transactionStats } from '../src/core/transactions/transaction-stats.js';
import { openDatabase } from '../src/db/database.js';
import { seedTransactions } from '../src/operator/seed/seed-transactions.js';
import { depsOf } from '../src/server/deps.js';
import { ensureBenchDatabase } from './support/database.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const pglite = args.includes('--pglite');
const ROWS = arg('--rows', pglite ? 100_000 : 1_000_000);
const ITERATIONS = arg('--iterations', 100);
const ROW_ITERATIONS = arg('--row-iterations', 20);
const url = process.env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/rollups_bench_${ROWS}`;
const log = (s: string) => process.stderr.write(`${s}\n`);

if (!pglite) await ensureBenchDatabase(url);
const database = await openDatabase({ databaseUrl: pglite ? 'memory://' : url, dataDir: '/nonexistent' });
const deps = depsOf(database, { cipher: createFieldCipher(randomBytes(32)), publicUrl: 'http://localhost', allowInsecureWebhooks: false });
const name = `bench-rollups (${ROWS})`;
let ws = await deps.db.workspace.findFirst({ where: { name }, select: { id: true } });
if (!ws || (await deps.db.transaction.count({ where: { workspaceId: ws.id } })) !== ROWS) {
  if (ws) await deps.db.workspace.delete({ where: { id: ws.id } });
  ws = await deps.db.workspace.create({ data: { id: deps.ids.uuid(), name, sandbox: true }, select: { id: true } });
  const started = performance.now();
  const seedCtx = createContext(deps, { workspaceId: ws.id, sandbox: true, actor: { kind: 'system', role: 'admin' } });
  await seedTransactions({ ...seedCtx, bulk: database.bulk }, { transactions: ROWS });
  log(`seeded ${ROWS} transactions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} else log(`reusing ${name}`);
const ctx = createContext(deps, { workspaceId: ws.id, sandbox: true, actor: { kind: 'system', role: 'admin' } });

async function measure(call: () => Promise<unknown>, n: number): Promise<{ p50: number; p99: number }> {
  if (n === 0) return { p50: Number.NaN, p99: Number.NaN }; // --row-iterations 0: the rollups alone (10M rows)
  for (let i = 0; i < 3; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] as number;
  return { p50: at(0.5), p99: at(0.99) };
}

const partialStart = new Date(Date.now() - 30 * 86_400_000 + 3_600_000).toISOString();
const shapes: [string, (from: StatsFrom) => Promise<unknown>][] = [
  ...[[], ['COIN'], ['TYPE'], ['STATUS'], ['DAY'], ['MONTH'], ['COIN', 'STATUS', 'TYPE', 'DAY']].map(
    (groupBy) =>
      [`stats [${groupBy.join(', ')}]`, (from: StatsFrom) => transactionStats(ctx, { groupBy }, { from })] as [
        string,
        (from: StatsFrom) => Promise<unknown>,
      ],
  ),
  [
    'stats [COIN, TYPE], 30 whole days',
    (from) => transactionStats(ctx, { filter: { startDate: partialStart.slice(0, 10) }, groupBy: ['COIN', 'TYPE'] }, { from }),
  ],
  [
    'stats [COIN, TYPE], partial day (rows)',
    (from) => transactionStats(ctx, { filter: { startDate: partialStart }, groupBy: ['COIN', 'TYPE'] }, { from }),
  ],
  ...[7, 30, 90].map(
    (days) =>
      [`overview ${days} days`, (from: StatsFrom) => getOverview(ctx, { days }, { from })] as [
        string,
        (from: StatsFrom) => Promise<unknown>,
      ],
  ),
];

const rows: string[][] = [];
for (const [label, call] of shapes) {
  const before = await measure(() => call('rows'), ROW_ITERATIONS);
  const after = await measure(() => call('auto'), ITERATIONS);
  // Rows skipped (--row-iterations 0): a dash, not NaN.
  const ms = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(1));
  rows.push([
    label,
    ms(before.p50),
    ms(before.p99),
    ms(after.p50),
    ms(after.p99),
    Number.isNaN(before.p99) ? '-' : `${(before.p99 / after.p99).toFixed(1)}x`,
  ]);
  log(`${label}: done`);
}
const head = ['shape', 'rows p50', 'rows p99', 'rollups p50', 'rollups p99', 'p99 ratio'];
console.log(
  `\ntransactionStats and overview, ${ROWS.toLocaleString('en')} transactions on ${pglite ? 'PGlite' : 'PostgreSQL'} (ms; ${ROW_ITERATIONS} calls on the rows, ${ITERATIONS} on the rollups; load ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores)`,
);
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
for (const r of [head, ...rows])
  console.log(r.map((c, i) => (i ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number))).join('  '));
await database.close();
