// npm run bench:audit -- [--clients C] [--seconds S] [--rounds R] [--before DIR]
//
// The audit log's cost on the write path, on PostgreSQL (DATABASE_URL's server, default
// postgres://postgres@127.0.0.1:5432; databases fas_bench_audit_after and _before, with
// FAS_TEST_DB_SUFFIX appended, recreated):
// - bank withdrawals created, then moved to processing and completed, through the core (as the
//   REST handlers call it, by an API key, with a request id and client address), for S seconds
//   (default 10) with one client and with C (default 4), all clients in one workspace (so its
//   audited writes queue on the workspace's chain head, as a busy integrator's do), each on an
//   account of its own; creations/s and status changes/s;
// - with --before DIR, the same against the code in DIR, a checkout of the commit before the audit
//   log (`git log --diff-filter=A -- src/core/audit/record-audit.ts` names the commit that added
//   it; take its parent): `mkdir /tmp/fas-before && git archive <parent> | tar -x -C /tmp/fas-before
//   && ln -s $PWD/node_modules /tmp/fas-before/node_modules && (cd /tmp/fas-before && npm run
//   generate:prisma)`, and the ratio before / after;
// - R rounds (default 3), before and after alternating; each figure is the median round (the
//   machine may be shared: a round may be disturbed either way).
// Prints a markdown table to stdout, progress on stderr.
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { ensureBenchDatabase } from './support/database.js';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const clients = Number(option('clients') ?? 4);
const seconds = Number(option('seconds') ?? 10);
const rounds = Number(option('rounds') ?? 3);
const beforeDir = option('before');
const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const suffix = process.env.FAS_TEST_DB_SUFFIX ?? '';
for (const [n, v] of Object.entries({ clients, seconds, rounds })) {
  if (!Number.isSafeInteger(v) || v < 1) throw new Error(`--${n} must be a positive integer`);
}

const log = (s: string) => process.stderr.write(`${s}\n`);
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const urlOf = (db: string) => {
  const u = new URL(server);
  u.pathname = `/${db}`;
  return u.toString();
};

/** The code under test: this checkout's, or another's (--before), loaded from its sources. */
async function code(dir: string) {
  const at = (p: string) => import(path.join(dir, p));
  return {
    openDatabase: (await at('src/db/database.ts')).openDatabase,
    depsOf: (await at('src/server/deps.ts')).depsOf,
    createContext: (await at('src/core/context.ts')).createContext,
    createFieldCipher: (await at('src/core/crypto/field-cipher.ts')).createFieldCipher,
    createBankTransaction: (await at('src/core/transactions/create-bank-transaction.ts')).createBankTransaction,
    simulateTransactionStatus: (await at('src/core/transactions/simulate-transaction-status.ts')).simulateTransactionStatus,
  };
}

interface WriteRates {
  creations: number;
  changes: number;
  /** Audit records appended per second (0 before the audit log). */
  records: number;
}

/** Creations and status changes per second with `n` clients in one workspace, each on an account of its own. */
async function writePath(dir: string, db: string, n: number): Promise<WriteRates> {
  const c = await code(dir);
  const database = await c.openDatabase({ databaseUrl: urlOf(db), dataDir: '' });
  try {
    const deps = c.depsOf(database, {
      cipher: c.createFieldCipher(randomBytes(32)),
      publicUrl: 'http://bench',
      allowInsecureWebhooks: false,
    });
    const ws = await database.prisma.workspace.create({
      data: { id: randomUUID(), name: 'bench-audit', sandbox: true },
      select: { id: true },
    });
    const actor = { kind: 'api_key', role: 'api', apiKeyId: randomUUID(), name: 'bench' };
    const ctx = c.createContext(deps, { workspaceId: ws.id, sandbox: true, actor });
    ctx.request = { requestId: randomUUID(), clientAddress: '127.0.0.1' };
    const accounts = Array.from({ length: n }, () => randomUUID());
    await database.prisma.account.createMany({
      data: accounts.map((id) => ({ id, workspaceId: ws.id, type: 'individual', email: `${id}@bench.example`, status: 'active' })),
    });
    // Each account holds plenty (an opening balance, as `fas seed` gives its accounts).
    await database.prisma.$executeRawUnsafe(
      `WITH a AS (SELECT unnest($1::uuid[]) AS id), b AS (
         INSERT INTO ledger_balances (workspace_id, account_id, currency, posted, pending_in, pending_out, updated_at)
         SELECT $2::uuid, id, 'USD', 1e12, 0, 0, now() FROM a RETURNING account_id)
       INSERT INTO ledger_entries (workspace_id, account_id, currency, type, created_at, amount, clearing, posted, pending_in, pending_out)
       SELECT $2::uuid, account_id, 'USD', 'post', now(), 1e12, -1e12, 1e12, 0, 0 FROM b`,
      accounts,
      ws.id,
    );
    const [found] = (await database.prisma.$queryRawUnsafe("SELECT to_regclass('audit_records') IS NOT NULL AS ok")) as { ok: boolean }[];
    const audited = async () => {
      if (!found?.ok) return 0;
      const [row] = (await database.prisma.$queryRawUnsafe(
        'SELECT count(*)::int AS n FROM audit_records WHERE workspace_id = $1::uuid',
        ws.id,
      )) as { n: number }[];
      return row?.n ?? 0;
    };
    const recordsBefore = await audited();
    let creations = 0;
    let changes = 0;
    const end = performance.now() + seconds * 1000;
    const body = (accountId: string) => ({
      accountId,
      amount: '1.00',
      coin: 'USD',
      instrumentType: 'ach',
      beneficiaryName: 'Bench Payee',
      beneficiaryRoutingNumber: '021000021',
      beneficiaryAccountNumber: '123456789',
    });
    const started = performance.now();
    await Promise.all(
      accounts.map(async (accountId) => {
        while (performance.now() < end) {
          const t = await c.createBankTransaction(ctx, body(accountId));
          creations++;
          for (const status of ['processing', 'completed']) {
            await c.simulateTransactionStatus(ctx, { transactionId: t.id, body: { status } });
            changes++;
          }
        }
      }),
    );
    const took = (performance.now() - started) / 1000;
    const records = (await audited()) - recordsBefore;
    return { creations: creations / took, changes: changes / took, records: records / took };
  } finally {
    await database.close();
  }
}

async function main() {
  const loadBefore = load();
  const runs: { name: 'before' | 'after'; dir: string; db: string }[] = [
    { name: 'after', dir: path.resolve(import.meta.dirname, '..'), db: `fas_bench_audit_after${suffix}` },
  ];
  if (beforeDir) runs.unshift({ name: 'before', dir: path.resolve(beforeDir), db: `fas_bench_audit_before${suffix}` });
  for (const r of runs) await ensureBenchDatabase(urlOf(r.db), { fresh: true });
  const got: Record<string, Record<number, WriteRates[]>> = { before: {}, after: {} };
  const loads: string[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const n of [1, clients]) {
      for (const r of runs) {
        const l = load();
        loads.push(l.split(' ')[0] ?? '');
        log(`round ${round}: ${r.name}, ${n} client(s), ${seconds} s (load ${l})`);
        const rates = await writePath(r.dir, r.db, n);
        log(
          `  ${fmt(rates.creations, 1)} creations/s, ${fmt(rates.changes, 1)} status changes/s, ${fmt(rates.records, 1)} audit records/s`,
        );
        const mine = got[r.name] as Record<number, WriteRates[]>;
        mine[n] = [...(mine[n] ?? []), rates];
      }
    }
  }
  // The median round of each measure: on a shared machine a round may be disturbed either way.
  const median = (name: string, n: number, key: keyof WriteRates): number | undefined => {
    const values = (got[name]?.[n] ?? []).map((r) => r[key]).sort((a, b) => a - b);
    if (!values.length) return undefined;
    const mid = Math.floor(values.length / 2);
    return values.length % 2 ? values[mid] : ((values[mid - 1] ?? 0) + (values[mid] ?? 0)) / 2;
  };
  const out: string[] = [];
  out.push(`Machine: ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), Node ${process.version}, PostgreSQL at ${new URL(server).host}.`);
  out.push(
    `Load average (1, 5, 15 min) before: ${loadBefore}; after: ${load()}; 1-min load at each run's start: ${loads.join(', ')}. Median of ${rounds} round(s), ${seconds} s each.`,
  );
  out.push('');
  out.push('| measure | before (no audit log) | after (audit log) | before / after |');
  out.push('|---|---|---|---|');
  for (const n of [1, clients]) {
    for (const [key, label] of [
      ['creations', 'creations/s'],
      ['changes', 'status changes/s'],
    ] as const) {
      const a = median('after', n, key) ?? 0;
      const b = median('before', n, key);
      const ratio = b ? b / a : undefined;
      out.push(
        `| ${label}, ${n} client${n > 1 ? 's' : ''} | ${b ? fmt(b, 1) : '(no --before)'} | ${fmt(a, 1)} | ${ratio ? `${fmt(ratio, 2)}x` : ''} |`,
      );
    }
    out.push(`| audit records/s, ${n} client${n > 1 ? 's' : ''} | | ${fmt(median('after', n, 'records') ?? 0, 1)} | |`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
