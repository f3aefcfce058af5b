import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { moduleWorker } from '../../src/db/module-worker.js';

const saved = process.env.FAS_BUILT_WORKERS;
const dirs: string[] = [];
afterEach(() => {
  if (saved === undefined) delete process.env.FAS_BUILT_WORKERS;
  else process.env.FAS_BUILT_WORKERS = saved;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The first message the worker posts, or its error. */
function firstMessage(worker: Worker): Promise<unknown> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => worker.terminate());
}

// A caller in src/db running from its TypeScript source, as under Vitest or tsx.
const base = new URL('../../src/db/pglite-remote.ts', import.meta.url).href;

describe('moduleWorker from TypeScript source', () => {
  it("starts the compiled file under FAS_BUILT_WORKERS, at the source's place in src/", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'fas-built-'));
    dirs.push(dist);
    mkdirSync(path.join(dist, 'db'));
    writeFileSync(
      path.join(dist, 'db', 'probe-worker.js'),
      "import { parentPort, workerData } from 'node:worker_threads'; parentPort.postMessage({ built: workerData });",
    );
    writeFileSync(path.join(dist, '.build-inputs'), 'stamp\n');
    process.env.FAS_BUILT_WORKERS = dist;
    expect(await firstMessage(moduleWorker('probe-worker', base, 7))).toEqual({ built: 7 });
  });

  it('loads the source through tsx when a source is newer than the build (an edit since)', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'fas-built-'));
    dirs.push(dist);
    mkdirSync(path.join(dist, 'db'));
    writeFileSync(
      path.join(dist, 'db', 'probe-worker.js'),
      "import { parentPort } from 'node:worker_threads'; parentPort.postMessage('built');",
    );
    writeFileSync(path.join(dist, '.build-inputs'), 'stamp\n');
    // A stamp from before every source was written.
    utimesSync(path.join(dist, '.build-inputs'), new Date(0), new Date(0));
    process.env.FAS_BUILT_WORKERS = dist;
    await expect(firstMessage(moduleWorker('probe-worker', base, 7))).rejects.toThrow(/probe-worker\.ts/);
  });

  it('loads the source through tsx when the build lacks the file', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'fas-built-'));
    dirs.push(dist);
    process.env.FAS_BUILT_WORKERS = dist;
    // No src/db/probe-worker.ts either: the error names the source tsx was asked for.
    await expect(firstMessage(moduleWorker('probe-worker', base, 7))).rejects.toThrow(/probe-worker\.ts/);
  });
});
