import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultMigrationsDir } from '../../src/db/migrate.js';

const dirs: string[] = [];

/**
 * A copy of the project's migrations before `last` (all of them for null), to set up a database as
 * it was before a migration and then apply the rest over rows written in the old layout.
 */
export function migrationsUpTo(last: string | null): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fas-mig-'));
  dirs.push(dir);
  for (const name of readdirSync(defaultMigrationsDir)) {
    if (name.endsWith('.toml') || (last !== null && name >= last)) continue;
    cpSync(path.join(defaultMigrationsDir, name), path.join(dir, name), { recursive: true });
  }
  return dir;
}

/** Removes the copies made so far (call from afterAll). */
export function removeMigrationCopies(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}
