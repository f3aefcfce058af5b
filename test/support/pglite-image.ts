import { readFileSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { inject } from 'vitest';

let cached: Blob | undefined;
let initdbCached: Blob | undefined;

/**
 * The migrated empty PGlite image the global setup made (undefined on a PostgreSQL run), so an
 * in-memory database opens without initdb and migrations: `openDatabase({ ..., pgliteImage })`.
 */
export function pgliteImage(): Blob | undefined {
  const file = inject('pgliteImagePath');
  if (!file) return undefined;
  cached ??= new Blob([readFileSync(file)]);
  return cached;
}

/** The global setup's image of a data directory as initdb left it (undefined on a PostgreSQL run). */
export function initdbImage(): Blob | undefined {
  const file = inject('pgliteInitdbImagePath');
  if (!file) return undefined;
  initdbCached ??= new Blob([readFileSync(file)]);
  return initdbCached;
}

/**
 * A new in-memory PGlite as initdb leaves it, with none of the project's migrations (for tests of
 * the migrations themselves): loaded from `initdbImage` instead of running initdb again, or by
 * initdb on a PostgreSQL run, where there is no image.
 */
export function initdbPglite(options: Omit<PGliteOptions, 'loadDataDir' | 'dataDir'> = {}): Promise<PGlite> {
  const image = initdbImage();
  return PGlite.create({ ...options, ...(image ? { loadDataDir: image } : {}) });
}
