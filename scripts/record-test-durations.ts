// Records how long each test file takes, from a run with vitest's JSON reporter, into
// test/support/test-durations.json (committed), which orders the suite (test/support/slowest-first.ts).
//
//   npx tsx scripts/record-test-durations.ts                 the whole suite on PGlite
//   DATABASE_URL=postgres://... npx tsx scripts/record-test-durations.ts    the same on PostgreSQL
//   npx tsx scripts/record-test-durations.ts test/events     some files: their entries are replaced, the others kept
//   npx tsx scripts/record-test-durations.ts --from report.json   a report an earlier `vitest run --reporter=json` wrote
//
// Run it on an idle machine: the order is what matters, and a loaded machine skews it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const durationsFile = 'test/support/test-durations.json';

/** Seconds per test file and database (`pglite`, `postgres`), and when each database's were recorded. */
export interface Durations {
  recorded: { pglite?: string; postgres?: string };
  pglite: Record<string, number>;
  postgres: Record<string, number>;
}

interface JsonReport {
  testResults: { name: string; startTime: number; endTime: number; status: string }[];
}

/** Seconds (one decimal) each file of a vitest JSON report took, by its path from `root`; skipped files are left out. */
export function fileSeconds(report: JsonReport, root: string): Record<string, number> {
  const seconds: Record<string, number> = {};
  for (const r of report.testResults) {
    if (r.status !== 'passed' && r.status !== 'failed') continue;
    const file = path.relative(root, r.name).split(path.sep).join('/');
    // At least 0.1: a file of a few milliseconds still ran (0 would read as skipped).
    seconds[file] = Math.max(0.1, Math.round((r.endTime - r.startTime) / 100) / 10);
  }
  return seconds;
}

/** `durations` with `database`'s entries for the recorded files replaced (all of them when the whole suite ran). */
export function merge(
  durations: Durations,
  database: 'pglite' | 'postgres',
  recorded: Record<string, number>,
  whole: boolean,
  at: string,
): Durations {
  const kept = whole ? {} : durations[database];
  const merged = { ...kept, ...recorded };
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
  return { ...durations, recorded: { ...durations.recorded, [database]: at }, [database]: sorted };
}

function main(args: string[]): void {
  const root = path.resolve(import.meta.dirname, '..');
  const database = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? 'postgres' : 'pglite';
  let report: JsonReport;
  const from = args.indexOf('--from');
  if (from >= 0) {
    report = JSON.parse(readFileSync(args[from + 1]!, 'utf8'));
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'fas-durations-'));
    const out = path.join(dir, 'report.json');
    try {
      const run = spawnSync('npx', ['vitest', 'run', '--reporter=json', `--outputFile=${out}`, ...args], { cwd: root, stdio: 'inherit' });
      report = JSON.parse(readFileSync(out, 'utf8'));
      if (run.status !== 0) console.error(`vitest exited ${run.status}: the durations are recorded all the same`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const file = path.join(root, durationsFile);
  const current: Durations = JSON.parse(readFileSync(file, 'utf8'));
  const files = args.filter((a, i) => a !== '--from' && args[i - 1] !== '--from' && !a.startsWith('-'));
  const next = merge(current, database, fileSeconds(report, root), from < 0 && files.length === 0, new Date().toISOString());
  writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`${durationsFile}: ${Object.keys(fileSeconds(report, root)).length} files recorded on ${database}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
