import type { Config } from '../config.js';
import { credentialCache } from '../core/auth/credential-cache.js';
import type { Deps } from '../core/context.js';
import { createFieldCipher } from '../core/crypto/field-cipher.js';
import { sealClearContactSteps } from '../core/kyc/seal-clear-contact.js';
import { randomIds, systemClock } from '../core/ports.js';
import { type Database, openDatabase } from '../db/database.js';
import { loadMasterKey } from './master-key.js';

/*
 * The composition root: the one module outside src/core and src/db that imports src/db
 * (.dependency-cruiser.cjs, `db-only-from-core-and-root`). It opens the database and wires the
 * core's ports; the entries (serve, the worker, the CLI's commands, the tests' harness, the
 * benches) take their database handle from here, and what they do with the database as a whole
 * (backup and restore of the embedded directory) passes here by name. No adapter reaches the
 * driver or writes SQL: `Prisma` never leaves src/db and src/core (but for the seed loader, the rule's named exception).
 */
export type { Database } from '../db/database.js';
export { openDatabase } from '../db/database.js';
export { readMigrations } from '../db/migrate.js';
export { precopyDataDir } from '../db/pglite-snapshot.js';
export { privateDataDir } from '../db/private-dir.js';

/** Opens the configured database (migrating it) and wires the core's ports. */
export async function openDeps(config: Config, opts: { api?: boolean } = {}): Promise<{ database: Database; deps: Deps }> {
  const cipher = createFieldCipher(loadMasterKey(config.masterKey, config.dataDir));
  // Only the server bounds its statements: operator commands (seed, migrate) may run long.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: opts.api ? config.statementTimeoutMs : 0,
    pgPoolSize: config.pgPoolSize,
    // Only the server's requests have callers to share the database between.
    ...(opts.api ? { fairShare: { callerConnections: config.dbCallerConnections, callerWaitMs: config.dbCallerWaitMs } } : {}),
    // Replicas serve the API's reads; operator commands and the webhook worker use the primary alone.
    ...(opts.api && config.databaseReadUrls.length ? { reads: { urls: config.databaseReadUrls, maxLagMs: config.readMaxLagMs } } : {}),
    // Sealing clear values needs the master key, which migrations' SQL cannot reach.
    migrationSteps: sealClearContactSteps(cipher),
  });
  const deps = depsOf(database, {
    cipher,
    publicUrl: config.publicUrl,
    allowInsecureWebhooks: config.allowInsecureWebhooks,
    webhookAllowPrivate: config.webhookAllowPrivate,
    documentMaxBytes: config.documentMaxBytes,
  });
  return { database, deps };
}

/**
 * The core's dependencies on an open database, with the system clock and random ids unless
 * given others (the server's, the benches' and the tests' wiring; tests pass a clock they move).
 */
export function depsOf(
  database: Pick<Database, 'prisma' | 'sql' | 'bulk' | 'replicas'> & Partial<Pick<Database, 'scanChunkRows'>>,
  rest: Pick<Deps, 'cipher' | 'publicUrl' | 'allowInsecureWebhooks' | 'webhookAllowPrivate' | 'documentMaxBytes'> &
    Partial<Pick<Deps, 'clock' | 'ids' | 'fees'>>,
): Deps {
  // The credential cache answers nothing until something watches its channel (`buildApp` does).
  return {
    db: database.prisma,
    sql: database.sql,
    bulk: database.bulk,
    credentials: credentialCache(),
    ...(database.replicas ? { replicas: database.replicas } : {}),
    ...(database.scanChunkRows ? { scanChunkRows: database.scanChunkRows } : {}),
    ...rest,
    clock: rest.clock ?? systemClock,
    ids: rest.ids ?? randomIds,
  };
}
