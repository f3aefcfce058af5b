import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The driver-level operations migrations need; implemented by both back ends in database.ts. */
export interface MigrationDriver {
  /** Runs `fn` holding an exclusive migration lock (several processes may start at once). */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
  /** Runs a multi-statement script and `after` in one transaction. */
  runInTransaction(script: string, after: { sql: string; params: unknown[] }): Promise<void>;
}

/** prisma/migrations of the package (tests of the migrator pass a folder of their own). */
export const defaultMigrationsDir = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));

export class MigrationError extends Error {}

// Same table and columns as `prisma migrate deploy`, so Prisma's own tooling accepts the result.
const bookkeepingTable = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/**
 * Work a migration needs done in code first, keyed by that migration's name: run once, before it,
 * holding the migration lock (for example sealing clear values under the master key, which SQL
 * cannot reach, before the migration drops the clear columns).
 */
export type MigrationSteps = Readonly<Record<string, (query: MigrationDriver['query']) => Promise<void>>>;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = defaultMigrationsDir): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/**
 * Applies pending migrations in name order, each in its own transaction, each after its step in
 * `steps` if it has one. Returns their names.
 */
export async function applyMigrations(driver: MigrationDriver, dir = defaultMigrationsDir, steps: MigrationSteps = {}): Promise<string[]> {
  const migrations = await readMigrations(dir);
  return driver.withLock(async () => {
    await driver.query(bookkeepingTable);
    const rows = await driver.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const applied = new Map(rows.map((r) => [r.migration_name, r]));
    const done: string[] = [];
    for (const m of migrations) {
      const row = applied.get(m.name);
      if (row) {
        if (!row.finished_at) throw new MigrationError(`migration ${m.name} failed earlier and needs manual repair`);
        if (row.checksum !== m.checksum) throw new MigrationError(`migration ${m.name} was modified after it was applied`);
        continue;
      }
      try {
        await steps[m.name]?.((sql, params) => driver.query(sql, params));
        await driver.runInTransaction(m.sql, {
          sql: `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
                VALUES ($1, $2, now(), $3, now(), 1)`,
          params: [randomUUID(), m.checksum, m.name],
        });
      } catch (err) {
        throw new MigrationError(`migration ${m.name} failed: ${(err as Error).message}`);
      }
      done.push(m.name);
    }
    return done;
  });
}
