import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

let cached: Blob | undefined;

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
