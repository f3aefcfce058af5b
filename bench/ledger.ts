// npm run bench:ledger -- [--rows N] [--clients C] [--seconds S] [--before DIR] [--reads R] [--kind crypto]
//
// The ledger's cost and its balance read, on PostgreSQL (DATABASE_URL's server, default
// postgres://postgres@127.0.0.1:5432; databases fas_bench_ledger_after and _before, with
// FAS_TEST_DB_SUFFIX appended, recreated):
// - the write path: bank withdrawals created, then moved to processing and completed, through the
//   core (as the REST handlers call it), for S seconds (default 10) with one client and with C
//   (default 8), each client on an account of its own; creations/s and status changes/s (--kind
//   crypto: crypto withdrawals, rows without names, instead);
// - with --before DIR, the same against the code in DIR (a checkout of main without the ledger:
//   `git worktree add /tmp/fas-main main && ln -s $PWD/node_modules /tmp/fas-main/node_modules &&
//   (cd /tmp/fas-main && npm run generate:prisma)`), and the ratio (target: after within 1.3x);
// - the balance read (`getAccountBalances`) p50/p99 over R (default 2,000) reads of random accounts
//   of a workspace seeded with N transactions (default 100,000; target p99 <= 5 ms at 10,000,000),
//   and the statement's first page (`listAccountEntries`, 100 entries).
// With --database NAME --workspace NAME: the reads only, on that database's workspace of that name
// (a seed already there, e.g. `bench:seed`'s 10,000,000 rows), nothing written or recreated.
// Prints a markdown table to stdout, progress on stderr.
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import path from 'node:path';
import { dbSuffix, fmt, load, log, option, requirePositiveIntegers, benchServer as server, urlOf } from './support/bench-cli.js';
import { ensureBenchDatabase } from './support/database.js';
import { type WriteRates, writePath } from './support/write-path.js';

const rows = Number(option('rows') ?? 100_000);
const clients = Number(option('clients') ?? 8);
const seconds = Number(option('seconds') ?? 10);
const reads = Number(option('reads') ?? 2_000);
const kind = option('kind') === 'crypto' ? 'crypto' : 'bank';
const beforeDir = option('before');
const reuseDatabase = option('database');
const reuseWorkspace = option('workspace');
requirePositiveIntegers({ rows, clients, seconds, reads });

/** Creations and status changes per second with `n` clients, each on an account of its own. */
const ledgerWrites = (dir: string, db: string, n: number) =>
  writePath({
    dir,
    databaseUrl: urlOf(db),
    clients: n,
    seconds,
    workspaceName: 'bench-ledger',
    kind,
    actor: { kind: 'system', role: 'admin' },
  });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The balance read and the statement's first page on a workspace of `rows` seeded transactions. */
async function readPath(db: string) {
  const { openDatabase } = await import('../src/db/database.js');
  const { depsOf } = await import('../src/server/deps.js');
  const { createContext } = await import('../src/core/context.js');
  const { createFieldCipher } = await import('../src/core/crypto/field-cipher.js');
  const { seedTransactions } = await import('../src/operator/seed/seed-transactions.js');
  const { getAccountBalances } = await import('../src/core/ledger/get-account-balances.js');
  const { listAccountEntries } = await import('../src/core/ledger/list-account-entries.js');
  const database = await openDatabase({ databaseUrl: urlOf(db), dataDir: '' });
  try {
    const deps = depsOf(database, { cipher: createFieldCipher(randomBytes(32)), publicUrl: 'http://bench', allowInsecureWebhooks: false });
    const found = reuseWorkspace
      ? await database.prisma.workspace.findFirst({ where: { name: reuseWorkspace }, select: { id: true } })
      : null;
    if (reuseWorkspace && !found) throw new Error(`no workspace named ${reuseWorkspace} in ${db}`);
    const ws =
      found ??
      (await database.prisma.workspace.create({
        data: { id: randomUUID(), name: 'bench-ledger-reads', sandbox: true },
        select: { id: true },
      }));
    const ctx = createContext(deps, { workspaceId: ws.id, sandbox: true, actor: { kind: 'system', role: 'admin' } });
    if (!found) {
      log(`seeding ${fmt(rows)} transactions for the reads (load ${load()})`);
      const seededAt = performance.now();
      await seedTransactions(ctx, { transactions: rows });
      log(`seeded in ${fmt((performance.now() - seededAt) / 1000, 1)} s`);
    }
    const accounts = (await database.prisma.account.findMany({ where: { workspaceId: ws.id }, select: { id: true } })).map((a) => a.id);
    const [entries] = (await database.prisma.$queryRawUnsafe(
      'SELECT count(*)::text AS n FROM ledger_entries WHERE workspace_id = $1::uuid',
      ws.id,
    )) as {
      n: string;
    }[];
    const time = async (read: (accountId: string) => Promise<unknown>) => {
      const ms: number[] = [];
      for (let i = 0; i < reads; i++) {
        const accountId = accounts[Math.floor(Math.random() * accounts.length)] as string;
        const t0 = performance.now();
        await read(accountId);
        ms.push(performance.now() - t0);
      }
      ms.sort((a, b) => a - b);
      return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
    };
    const balance = await time((accountId) => getAccountBalances(ctx, { accountId }));
    const statement = await time((accountId) => listAccountEntries(ctx, { accountId, query: {} }));
    const [transactions] = (await database.prisma.$queryRawUnsafe(
      'SELECT count(*)::text AS n FROM transactions WHERE workspace_id = $1::uuid',
      ws.id,
    )) as { n: string }[];
    return { balance, statement, accounts: accounts.length, entries: Number(entries?.n ?? 0), transactions: Number(transactions?.n ?? 0) };
  } finally {
    await database.close();
  }
}

async function main() {
  const out: string[] = [];
  const loadBefore = load();
  const runs: { name: string; dir: string; db: string }[] = [
    { name: 'after', dir: path.resolve(import.meta.dirname, '..'), db: `fas_bench_ledger_after${dbSuffix}` },
  ];
  if (beforeDir) runs.unshift({ name: 'before', dir: path.resolve(beforeDir), db: `fas_bench_ledger_before${dbSuffix}` });
  const rates: Record<string, Record<number, WriteRates>> = {};
  for (const r of reuseWorkspace ? [] : runs) {
    await ensureBenchDatabase(urlOf(r.db), { fresh: true });
    rates[r.name] = {};
    for (const n of [1, clients]) {
      log(`${r.name}: write path, ${n} client(s), ${seconds} s (load ${load()})`);
      (rates[r.name] as Record<number, WriteRates>)[n] = await ledgerWrites(r.dir, r.db, n);
    }
  }
  log(`reads (load ${load()})`);
  const readsOf = await readPath(reuseDatabase ?? `fas_bench_ledger_after${dbSuffix}`);
  out.push(`Machine: ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), Node ${process.version}, PostgreSQL at ${new URL(server).host}.`);
  out.push(`Load average (1, 5, 15 min) before: ${loadBefore}; after: ${load()}.`);
  out.push('');
  out.push(
    `| measure${kind === 'crypto' ? ' (crypto withdrawals)' : ''} | before (--before: main without the ledger) | after (this checkout) | before / after | target |`,
  );
  out.push('|---|---|---|---|---|');
  for (const n of [1, clients]) {
    for (const [key, label] of [
      ['creations', 'creations/s'],
      ['changes', 'status changes/s'],
    ] as const) {
      const a = rates.after?.[n]?.[key] ?? 0;
      const b = rates.before?.[n]?.[key];
      const ratio = b ? b / a : undefined;
      out.push(
        `| ${label}, ${n} client${n > 1 ? 's' : ''} | ${b ? fmt(b, 1) : '(no --before)'} | ${fmt(a, 1)} | ${ratio ? `${fmt(ratio, 2)}x` : ''} | within 1.3x${ratio ? ` (${ratio <= 1.3 ? 'met' : 'missed'})` : ''} |`,
      );
    }
  }
  const scale = `${fmt(readsOf.transactions)} transactions, ${fmt(readsOf.accounts)} accounts, ${fmt(readsOf.entries)} entries`;
  out.push(
    `| balance read p50 / p99 at ${scale} | | ${fmt(readsOf.balance.p50, 2)} / ${fmt(readsOf.balance.p99, 2)} ms | | p99 <= 5 ms at 10,000,000 (${readsOf.balance.p99 <= 5 ? 'met' : 'missed'} here) |`,
  );
  out.push(
    `| statement first page p50 / p99 (100 entries) | | ${fmt(readsOf.statement.p50, 2)} / ${fmt(readsOf.statement.p99, 2)} ms | | |`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
