import type { Config } from '../config.js';
import { AUTH_CACHE_TTL_MS, AUTH_CHANGED_CHANNEL, type AuthCache, createAuthCache } from '../core/auth/auth-cache.js';
import type { Deps } from '../core/context.js';
import { createFieldCipher } from '../core/crypto/field-cipher.js';
import { randomIds, systemClock } from '../core/ports.js';
import { type Database, openDatabase } from '../db/database.js';
import { loadMasterKey } from './master-key.js';

/**
 * Opens the configured database (migrating it) and wires the core's ports. The API server also
 * keeps resolved credentials in memory, emptied by the database's change notifications; closing
 * the database stops listening.
 */
export async function openDeps(config: Config, opts: { api?: boolean } = {}): Promise<{ database: Database; deps: Deps }> {
  // Only the server bounds its statements: operator commands (seed, migrate) may run long.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: opts.api ? config.statementTimeoutMs : 0,
    pgPoolSize: config.pgPoolSize,
  });
  const cipher = createFieldCipher(loadMasterKey(config.masterKey, config.dataDir));
  const deps: Deps = {
    db: database.prisma,
    sql: database.sql,
    clock: systemClock,
    ids: randomIds,
    cipher,
    publicUrl: config.publicUrl,
    allowInsecureWebhooks: config.allowInsecureWebhooks,
    documentMaxBytes: config.documentMaxBytes,
  };
  if (opts.api) {
    const auth = await authCacheOf(database);
    deps.authCache = auth.cache;
    const close = database.close.bind(database);
    database.close = async () => {
      await auth.stop();
      await close();
    };
  }
  return { database, deps };
}

/** An auth cache that serves only while this process hears every auth change notified by the database. */
export async function authCacheOf(database: Database): Promise<{ cache: AuthCache; stop: () => Promise<void> }> {
  const cache = createAuthCache({ ttlMs: AUTH_CACHE_TTL_MS, maxEntries: 10_000 });
  const stop = await database.listen(
    AUTH_CHANGED_CHANNEL,
    () => cache.invalidate(true),
    () => cache.invalidate(false),
  );
  return { cache, stop };
}
