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
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import path from 'node:path';
import { dbSuffix, fmt, load, log, option, requirePositiveIntegers, benchServer as server, urlOf } from './support/bench-cli.js';
import { ensureBenchDatabase } from './support/database.js';
import { type WriteRates, writePath } from './support/write-path.js';

const clients = Number(option('clients') ?? 4);
const seconds = Number(option('seconds') ?? 10);
const rounds = Number(option('rounds') ?? 3);
const beforeDir = option('before');
requirePositiveIntegers({ clients, seconds, rounds });

/** Audit records of the workspace (0 before the audit log: no table). */
async function auditRecords(prisma: { $queryRawUnsafe(q: string, ...values: unknown[]): Promise<unknown> }, workspaceId: string) {
  const [found] = (await prisma.$queryRawUnsafe("SELECT to_regclass('audit_records') IS NOT NULL AS ok")) as { ok: boolean }[];
  if (!found?.ok) return 0;
  const [row] = (await prisma.$queryRawUnsafe(
    'SELECT count(*)::int AS n FROM audit_records WHERE workspace_id = $1::uuid',
    workspaceId,
  )) as {
    n: number;
  }[];
  return row?.n ?? 0;
}

/** Creations and status changes per second with `n` clients in one workspace, by an API key with a request id and client address; audit records per second as `counted`. */
const auditedWrites = (dir: string, db: string, n: number) =>
  writePath({
    dir,
    databaseUrl: urlOf(db),
    clients: n,
    seconds,
    workspaceName: 'bench-audit',
    actor: { kind: 'api_key', role: 'api', apiKeyId: randomUUID(), name: 'bench' },
    request: { requestId: randomUUID(), clientAddress: '127.0.0.1' },
    count: auditRecords,
  });

async function main() {
  const loadBefore = load();
  const runs: { name: 'before' | 'after'; dir: string; db: string }[] = [
    { name: 'after', dir: path.resolve(import.meta.dirname, '..'), db: `fas_bench_audit_after${dbSuffix}` },
  ];
  if (beforeDir) runs.unshift({ name: 'before', dir: path.resolve(beforeDir), db: `fas_bench_audit_before${dbSuffix}` });
  for (const r of runs) await ensureBenchDatabase(urlOf(r.db), { fresh: true });
  const got: Record<string, Record<number, WriteRates[]>> = { before: {}, after: {} };
  const loads: string[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const n of [1, clients]) {
      for (const r of runs) {
        const l = load();
        loads.push(l.split(' ')[0] ?? '');
        log(`round ${round}: ${r.name}, ${n} client(s), ${seconds} s (load ${l})`);
        const rates = await auditedWrites(r.dir, r.db, n);
        log(
          `  ${fmt(rates.creations, 1)} creations/s, ${fmt(rates.changes, 1)} status changes/s, ${fmt(rates.counted, 1)} audit records/s`,
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
    out.push(`| audit records/s, ${n} client${n > 1 ? 's' : ''} | | ${fmt(median('after', n, 'counted') ?? 0, 1)} | |`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
