import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const srcRoot = fileURLToPath(new URL('../', import.meta.url));

/** Whether a file under src/ was modified after `since` (ms): an edit the build has not seen. */
function editedSince(since: number): boolean {
  for (const entry of readdirSync(srcRoot, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && statSync(path.join(entry.parentPath, entry.name)).mtimeMs > since) return true;
  }
  return false;
}

/**
 * Where a worker run from TypeScript source finds its compiled file: `FAS_BUILT_WORKERS` names the
 * `dist/` of a build of these very sources (the test suite's global setup sets it once it has made
 * sure the build is fresh). Without it, without that file, or once a source is newer than the
 * build's stamp (an edit in watch mode), the worker loads its source through tsx, which costs each
 * worker a loader thread of its own and a compile of every module it imports.
 */
function builtWorker(source: string): string | undefined {
  const dist = process.env.FAS_BUILT_WORKERS;
  if (!dist) return undefined;
  const built = path.join(dist, path.relative(srcRoot, source)).replace(/\.ts$/, '.js');
  const stamp = path.join(dist, '.build-inputs');
  if (!existsSync(built) || !existsSync(stamp) || editedSince(statSync(stamp).mtimeMs)) return undefined;
  return built;
}

/**
 * A worker thread running the module `name` (without extension) beside `base` (the caller's
 * `import.meta.url`): its compiled JavaScript, or, where the caller runs from its TypeScript source
 * (tsx, Vitest), that source loaded through tsx. Hooks registered on this thread do not reach a
 * worker's (Node 20), so tsx is imported inside the worker first.
 */
export function moduleWorker(name: string, base: string, workerData: unknown): Worker {
  if (!base.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, base), { workerData });
  const built = builtWorker(fileURLToPath(new URL(`./${name}.ts`, base)));
  if (built) return new Worker(built, { workerData });
  const source = new URL(`./${name}.ts`, base).href;
  const tsx = pathToFileURL(createRequire(base).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const boot = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}));`;
  return new Worker(boot, { eval: true, workerData });
}
