import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/run-cli.js';
import type { Harness } from './harness.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The `fas` command line run in this process (the commander program, parsing, output and exit
 * codes exactly as the binary has them) on the harness's database: no process to spawn and no
 * database to open per command. `env` adds to a data directory of its own, where no server listens.
 */
export function inProcessCli(h: Harness) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fas-cli-'));
  const deps = { ...h.deps, bulk: h.database.bulk };
  const fas = async (args: string[], env: Record<string, string> = {}): Promise<CliRun> => {
    let stdout = '';
    let stderr = '';
    const code = await runCli(args, {
      env: { ...process.env, FAS_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
      stdout: (t) => {
        stdout += t;
      },
      stderr: (t) => {
        stderr += t;
      },
      openDeps: async () => ({ database: { close: async () => {}, applied: [] }, deps }),
    });
    return { code, stdout, stderr };
  };
  return { fas, dataDir, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}
