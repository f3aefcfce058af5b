import { DEFAULTS } from '../defaults.js';
import type { Database, OpenOptions } from './database-types.js';
import { openPglite } from './pglite-database.js';
import { openPostgres } from './postgres-database.js';

export type { Database, Db, OpenOptions, ReplicaSet, SqlRunner } from './database-types.js';
export { pgliteImage, pgliteMigrationDriver } from './pglite-database.js';
export { applySessionSettings } from './postgres-database.js';

/**
 * Opens the database `databaseUrl` names: PostgreSQL (postgres://), or embedded PGlite in
 * `dataDir` (in memory for memory://), in a worker thread; applies the migrations unless told not to.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const url = opts.databaseUrl;
  const db =
    url && /^postgres(ql)?:\/\//.test(url)
      ? openPostgres(url, opts.statementTimeoutMs ?? 0, opts.pgPoolSize ?? DEFAULTS.pgPoolSize, opts.reads, opts.fairShare)
      : await openPglite(url === 'memory://' ? undefined : opts.dataDir, opts.pgliteImage);
  if (opts.migrate !== false) {
    try {
      db.applied = await db.migrate(opts.migrationSteps);
    } catch (err) {
      await db.close();
      throw err;
    }
  }
  db.setStatementBudget?.(opts.statementTimeoutMs ?? 0);
  if (opts.fairShare) db.setCallerWaitMs?.(opts.fairShare.callerWaitMs);
  // Replicas known before the first request: one that is down or behind is skipped from the start.
  await db.replicas?.probe();
  return db;
}
