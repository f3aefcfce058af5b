import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * A migrated data directory without any workspace, made once by the global setup through the
 * production path (`openDatabase` on an empty directory: initdb, then the migrations), so a test
 * that needs a `fas serve` or a command on a data directory of its own copies it instead of paying
 * initdb and the migrations again. Tests about a first start on an empty directory (the `migrate`
 * command, the file modes initdb leaves, the README's first run) still start from nothing.
 */
export async function makeDataDirTemplate(dir: string): Promise<void> {
  const { openDatabase } = await import('../../src/db/database.js');
  const db = await openDatabase({ databaseUrl: undefined, dataDir: dir });
  await db.close();
}

/**
 * A new temporary data directory (`prefix` as mkdtemp's) holding a copy of the template: on a
 * PostgreSQL run, where there is no template, an empty one (the database is the suite's).
 */
export function templatedDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = inject('pgliteDataDirTemplate');
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}
