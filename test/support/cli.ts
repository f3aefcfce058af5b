import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type CliIo, runCli } from '../../src/cli/run-cli.js';
import type { Harness } from './harness.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

const root = path.resolve(import.meta.dirname, '../..');
/** The built CLI (what `npx fas` and `npm start` run); the global setup keeps it fresh. */
export const fasBin = path.join(root, 'bin/fas.js');

/** The suite's database for a command line: PostgreSQL on a PostgreSQL run, else PGlite in the data directory. */
export function cliEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  const url = inject('databaseUrl');
  return { FAS_DATA_DIR: dataDir, DATABASE_URL: url.startsWith('postgres') ? url : '', LOG_LEVEL: 'silent', ...extra };
}

/** One command line through `runCli` in this process: parsing, output and exit code exactly as the binary has them. */
async function runCaptured(args: string[], env: Record<string, string>, openDeps?: CliIo['openDeps']): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: { ...process.env, ...env },
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    openDeps,
  });
  return { code, stdout, stderr };
}

/**
 * The `fas` command line run in this process (the commander program, parsing, output and exit
 * codes exactly as the binary has them) on the harness's database: no process to spawn and no
 * database to open per command. `env` adds to a data directory of its own, where no server listens.
 */
export function inProcessCli(h: Harness) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fas-cli-'));
  const deps = { ...h.deps, bulk: h.database.bulk };
  const fas = (args: string[], env: Record<string, string> = {}) =>
    runCaptured(args, { FAS_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env }, async () => ({
      database: { close: async () => {}, applied: [] },
      deps,
    }));
  return { fas, dataDir, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * The `fas` command line in this process on `dataDir` as the binary runs it there: each command
 * opens the database itself (PGlite in the directory, or the suite's PostgreSQL) and closes it, or
 * goes through the socket of a `fas serve` holding the directory.
 */
export function dataDirCli(dataDir: string, env: Record<string, string> = {}) {
  return (args: string[]) => runCaptured(args, cliEnv(dataDir, env));
}

/** The built `fas` as a process of its own, for what only a process shows (exit status, pipes, a lock held by another pid). */
export function spawnFas(args: string[], env: Record<string, string>, timeoutMs = 120_000): CliRun {
  const r = spawnSync(process.execPath, [fasBin, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
