import { applyMigrations } from '../../src/db/migrate.js';
import type { Harness } from './harness.js';

/**
 * Applies migration `name` again with the project's migrator over the rows already there: `undo`
 * (SQL) first puts its tables back as they were before it, then its record is forgotten. Returns
 * the migrations applied (`[name]` when only it was).
 */
export async function reapplyMigration(h: Harness, name: string, undo: string): Promise<string[]> {
  await h.deps.db.$executeRawUnsafe(undo);
  await h.deps.db.$executeRawUnsafe(`DELETE FROM "_prisma_migrations" WHERE migration_name = '${name}'`);
  return applyMigrations(h.database.migrations);
}
