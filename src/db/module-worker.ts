import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread running the module `name` (without extension) beside `base` (the caller's
 * `import.meta.url`): its compiled JavaScript, or, where the caller runs from its TypeScript source
 * (tsx, Vitest), that source loaded through tsx. Hooks registered on this thread do not reach a
 * worker's (Node 20), so tsx is imported inside the worker first.
 */
export function moduleWorker(name: string, base: string, workerData: unknown): Worker {
  if (!base.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, base), { workerData });
  const source = new URL(`./${name}.ts`, base).href;
  const tsx = pathToFileURL(createRequire(base).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const boot = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}));`;
  return new Worker(boot, { eval: true, workerData });
}
