// npm run bench:seed -- --rows N [--pglite] [--fresh] [--seed S] [--name NAME]
//
// Times `fas seed` (seedTransactions with the database's COPY port, as the CLI runs it) for N rows
// in a new workspace, then reports the storage of `transactions`: the table, its TOAST, each index
// and the total, in bytes per transaction (everything the table holds, all workspaces, divided by
// its rows), against its targets: 10,000,000 rows in <= 330 s with their ledger (30,303 rows/s) and
// <= 1,000 bytes per transaction on PostgreSQL; an embedded data directory under 250 MB for
// 100,000 transactions (scaled to N) with --pglite.
//
// PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/fas_bench_seed), created
// when missing; --fresh drops and creates it first. PGlite: a new data directory under the
// system's temporary directory, measured after the database is closed, then removed.
// Prints markdown to stdout, progress on stderr: the steps in order, and on PostgreSQL into an
// empty table the index and key builds of the two sessions that run at once (`loadAside`).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { createContext } from '../src/core/context.js';
import { createFieldCipher } from '../src/core/crypto/field-cipher.js';
import { randomIds } from '../src/core/ports.js';
import { type Database, openDatabase } from '../src/db/database.js';
import { Prisma } from '../src/db/generated/prisma/client.js';
import { seedTransactions } from '../src/operator/seed/seed-transactions.js';
import { progressPrinter } from '../src/operator/seed.js';
import { depsOf } from '../src/server/deps.js';
import { ensureBenchDatabase } from './support/database.js';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const rows = Number(option('rows') ?? 1_000_000);
const seed = Number(option('seed') ?? 1);
const pglite = args.includes('--pglite');
const fresh = args.includes('--fresh');
if (!Number.isSafeInteger(rows) || rows < 1) throw new Error('--rows must be a positive integer');
const name = option('name') ?? `bench-seed (${rows} rows, seed ${seed})`;
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fas_bench_seed';

const TARGET_SECONDS_PER_10M = 330;
const TARGET_RATE = 10_000_000 / TARGET_SECONDS_PER_10M;
const TARGET_BYTES = 1000;
const TARGET_PGLITE_DIR_PER_100K = 250 * 1024 * 1024;

const log = (s: string) => process.stderr.write(`${s}\n`);
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface Sizes {
  rows: number;
  parts: [string, number][];
  total: number;
}

/** `transactions` as it is stored: main fork, other forks, TOAST (with its index), each index. */
async function sizes(database: Database): Promise<Sizes> {
  const one = async <R>(q: Prisma.Sql) => (await database.sql<R>(q))[0] as R;
  const { n } = await one<{ n: string }>(Prisma.sql`SELECT count(*) AS n FROM transactions`);
  const table = await one<{ main: string; forks: string; toast: string; total: string }>(Prisma.sql`
    SELECT pg_relation_size(c.oid) AS main,
           pg_relation_size(c.oid, 'fsm') + pg_relation_size(c.oid, 'vm') AS forks,
           coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0) AS toast,
           pg_total_relation_size(c.oid) AS total
    FROM pg_class c WHERE c.oid = 'transactions'::regclass`);
  const indexes = await database.sql<{ name: string; size: string }>(Prisma.sql`
    SELECT c.relname AS name, pg_relation_size(i.indexrelid) AS size
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE i.indrelid = 'transactions'::regclass ORDER BY c.relname`);
  return {
    rows: Number(n),
    parts: [
      ['table (main fork)', Number(table.main)],
      ['table (free space and visibility maps)', Number(table.forks)],
      ['TOAST', Number(table.toast)],
      ...indexes.map((i): [string, number] => [`index ${i.name}`, Number(i.size)]),
    ],
    total: Number(table.total),
  };
}

function directorySize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? directorySize(p) : statSync(p).size;
  }
  return total;
}

async function main() {
  const dataDir = pglite ? mkdtempSync(path.join(tmpdir(), 'fas-bench-seed-')) : '';
  if (!pglite) await ensureBenchDatabase(pgUrl, { fresh });
  const database = await openDatabase({ databaseUrl: pglite ? undefined : pgUrl, dataDir });
  const version = await database.sql<{ v: string }>(Prisma.sql`SELECT version() AS v`);
  const deps = depsOf(database, { cipher: createFieldCipher(randomBytes(32)), publicUrl: 'http://bench', allowInsecureWebhooks: false });
  const before = (await sizes(database)).rows;
  const ws = await database.prisma.workspace.create({ data: { id: randomIds.uuid(), name, sandbox: true }, select: { id: true } });
  const ctx = createContext(deps, { workspaceId: ws.id, sandbox: true, actor: { kind: 'system', role: 'admin' } });
  const loadBefore = load();
  log(`seeding ${fmt(rows)} rows into workspace ${ws.id} ("${name}") on ${database.description}; ${fmt(before)} rows already in the table`);
  const printer = progressPrinter();
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const phases: string[] = [];
  let phaseAt = 0;
  let lastPhase = 'rows';
  const steps: string[] = [];
  await seedTransactions(ctx, {
    transactions: rows,
    seed,
    onProgress: (done, total) => printer.update({ done, total, seconds: seconds() }),
    onPhase: (phase) => {
      phases.push(`${lastPhase} ${fmt(seconds() - phaseAt, 1)} s`);
      lastPhase = phase;
      phaseAt = seconds();
      printer.update({ done: rows, total: rows, seconds: seconds(), phase });
    },
    onStep: (step, s) => steps.push(`${step} ${fmt(s, 1)} s`),
  });
  const took = seconds();
  phases.push(`${lastPhase} ${fmt(took - phaseAt, 1)} s`);
  printer.end();
  const loadAfter = load();
  const stored = await sizes(database);
  const [ledger] = await database.sql<{ entries: string; bytes: string }>(Prisma.sql`
    SELECT (SELECT count(*) FROM ledger_entries) AS entries,
           pg_total_relation_size('ledger_entries') + pg_total_relation_size('ledger_balances') AS bytes`);
  await database.close();
  const dir = pglite ? directorySize(dataDir) : 0;
  const wal = pglite ? directorySize(path.join(dataDir, 'pgdata', 'pg_wal')) : 0;
  const base = pglite ? directorySize(path.join(dataDir, 'pgdata', 'base')) : 0;
  if (pglite) rmSync(dataDir, { recursive: true, force: true });

  const rate = rows / took;
  const perRow = (b: number) => b / stored.rows;
  const out: string[] = [];
  out.push(
    `Machine: ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${pglite ? 'PGlite (file data directory)' : 'PostgreSQL'}: ${version[0]?.v.split(' on ')[0]}.`,
  );
  out.push(`Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}.`);
  out.push(`Workspace ${ws.id} ("${name}"), seed ${seed}; ${fmt(before)} rows were already in the table.`);
  out.push('');
  out.push(`| rows | seconds | rows/s | 10M at this rate | target (10M <= ${TARGET_SECONDS_PER_10M} s) |`);
  out.push('|---|---|---|---|---|');
  out.push(
    `| ${fmt(rows)} | ${fmt(took, 1)} | ${fmt(rate)} | ${fmt(10_000_000 / rate)} s | ${fmt(rate / TARGET_RATE, 2)}x of ${fmt(TARGET_RATE)} rows/s (${rate >= TARGET_RATE ? 'met' : 'missed'}) |`,
  );
  out.push('');
  out.push(`Steps: ${phases.join(', ')}.`);
  if (steps.length) out.push('', `Built in two sessions at once (each session's builds in order): ${steps.join(', ')}.`);
  out.push('');
  out.push(`| \`transactions\` (${fmt(stored.rows)} rows) | bytes | bytes per transaction |`);
  out.push('|---|---|---|');
  for (const [part, bytes] of stored.parts) out.push(`| ${part} | ${fmt(bytes)} | ${fmt(perRow(bytes), 1)} |`);
  out.push(
    `| **total** | ${fmt(stored.total)} | **${fmt(perRow(stored.total), 1)}** (${fmt(perRow(stored.total) / TARGET_BYTES, 2)}x the 1,000-byte target: ${perRow(stored.total) <= TARGET_BYTES ? 'met' : 'missed'}) |`,
  );
  out.push('');
  out.push(
    `Ledger (\`ledger_entries\` and \`ledger_balances\` with their indexes, all workspaces): ${fmt(Number(ledger?.entries))} entries, ${fmt(Number(ledger?.bytes))} bytes, ${fmt(perRow(Number(ledger?.bytes)), 1)} per transaction (not in the total above).`,
  );
  if (pglite) {
    const scaled = (dir * 100_000) / stored.rows;
    out.push('');
    out.push('| data directory | bytes | per 100,000 transactions | target (< 250 MiB per 100,000) |');
    out.push('|---|---|---|---|');
    out.push(`| base/ (tables and indexes) | ${fmt(base)} | ${fmt((base * 100_000) / stored.rows / 2 ** 20, 1)} MiB | |`);
    out.push(`| pg_wal/ | ${fmt(wal)} | | |`);
    out.push(
      `| **whole directory** | ${fmt(dir)} | **${fmt(scaled / 2 ** 20, 1)} MiB** | ${fmt(scaled / TARGET_PGLITE_DIR_PER_100K, 2)}x (${scaled < TARGET_PGLITE_DIR_PER_100K ? 'met' : 'missed'}) |`,
    );
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
