import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startOperatorSocket } from '../../src/operator/operator-socket.js';
import { bootstrapSandbox } from '../../src/server/bootstrap.js';
import { type Harness, startHarness } from '../support/harness.js';
import { fencedBlocks, RUNNABLE_DOCUMENTS, readDocument, root } from '../support/markdown.js';

// The shell blocks that call `fas` in the README, docs/api.md, docs/operations.md and
// CONTRIBUTING.md, run with bash exactly as written, in the repository (the documents' working
// directory), in document order, against a running server as the README describes it: a fresh
// data directory whose first start made the sandbox workspace, and whose server carries out the
// operator commands through FAS_DATA_DIR/fas.sock. The server is this file's app, in process.
// (Sizes and links of the documents: test/unit/documents.test.ts.)

/** Commands that serve until stopped: a block using them cannot run to an end here. */
const LONG_RUNNING = /\bfas (serve|worker|listen)\b/;
const CALLS_FAS = /(^|[\s;|&(`"])(npx )?fas\s/m;

/** A child's exit status and output; asynchronous, since the server it talks to runs in this process. */
function run(command: string, args: string[], options: Parameters<typeof spawn>[2]) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, options);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d) => {
      stdout += d;
    });
    child.stderr?.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

function shellBlocks(): { file: string; line: number; code: string }[] {
  return RUNNABLE_DOCUMENTS.flatMap((file) =>
    fencedBlocks(readDocument(file), 'sh')
      .filter((b) => CALLS_FAS.test(b.code.replace(/#.*$/gm, '')))
      .map((b) => ({ file, ...b })),
  );
}

let h: Harness;
let dataDir: string;
let bin: string;
let operator: { close(): Promise<void> };
beforeAll(async () => {
  h = await startHarness();
  dataDir = mkdtempSync(path.join(tmpdir(), 'fas-readme-'));
  await bootstrapSandbox(h.deps, h.database, dataDir);
  const config = loadConfig({ FAS_DATA_DIR: dataDir });
  operator = await startOperatorSocket({ dataDir, deps: h.deps, config, onError: (err) => console.error(err) });
  // `npx fas` runs this package's bin, bin/fas.js (the built CLI); npm itself takes seconds to
  // start (it loads its own modules first), so a shim on PATH runs the bin directly for `npx fas` and hands
  // anything else to the real npx.
  bin = mkdtempSync(path.join(tmpdir(), 'fas-readme-bin-'));
  const npx = spawnSync('bash', ['-c', 'command -v npx'], { encoding: 'utf8' }).stdout.trim();
  writeFileSync(
    path.join(bin, 'npx'),
    `#!/usr/bin/env bash\nif [ "$1" = fas ]; then shift; exec node ${JSON.stringify(path.join(root, 'bin/fas.js'))} "$@"; fi\nexec ${JSON.stringify(npx)} "$@"\n`,
  );
  chmodSync(path.join(bin, 'npx'), 0o755);
});
afterAll(async () => {
  await operator?.close();
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(bin, { recursive: true, force: true });
});

describe("the documents' CLI examples run as written", () => {
  const blocks = shellBlocks();

  it('there are some, and each one that ends by itself is run', () => {
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.filter((b) => !LONG_RUNNING.test(b.code)).length).toBeGreaterThan(0);
    expect(spawnSync('jq', ['--version']).status, 'the README examples use jq').toBe(0);
  });

  for (const block of blocks) {
    it.skipIf(LONG_RUNNING.test(block.code))(
      `${block.file} line ${block.line}`,
      async () => {
        const r = await run('bash', ['-e', '-o', 'pipefail', '-c', block.code], {
          cwd: root,
          // FAS_URL: `fas trigger` reaches this file's server where the documents' reach `npm start`'s.
          env: {
            ...process.env,
            PATH: `${bin}:${process.env.PATH}`,
            FAS_DATA_DIR: dataDir,
            DATABASE_URL: '',
            LOG_LEVEL: 'silent',
            FAS_URL: h.baseUrl,
          },
        });
        expect(r.status, `${block.code}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`).toBe(0);
        expect(r.stderr).toBe('');
      },
      150_000,
    );
  }

  it('the key chain revoked the new workspace key, and only it', async () => {
    const acme = await h.deps.db.workspace.findFirst({ where: { name: 'Acme' }, select: { id: true } });
    expect(acme, 'docs/operations.md creates a workspace named Acme').not.toBeNull();
    const keys = await h.deps.db.apiKey.findMany({ select: { workspaceId: true, revokedAt: true } });
    expect(keys.filter((k) => k.revokedAt).map((k) => k.workspaceId)).toEqual([acme?.id]);
  });
});
