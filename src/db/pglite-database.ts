import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { DEFAULTS } from '../defaults.js';
import { pgliteBulkCopy } from './bulk-copy.js';
import { lockDataDir } from './data-dir-lock.js';
import type { Database, SqlRunner } from './database-types.js';
import { type Prisma, PrismaClient } from './generated/prisma/client.js';
import { applyMigrations, type MigrationDriver } from './migrate.js';
import { type PgliteLike, RemotePGlite } from './pglite-remote.js';
import { privateDataDir } from './private-dir.js';
import { outsideRequest, throwIfAbandoned } from './request-signal.js';

/**
 * PGlite's defaults, and a smaller WAL: nothing replicates from an embedded database, so `minimal`
 * (a COPY into a table truncated in the same transaction, and index builds, write no WAL), and at
 * most 64 MB of WAL kept between checkpoints instead of 1 GB (a large seed otherwise leaves its
 * recycled segments in the data directory; figures in docs/benchmarks.md, "Seed").
 */
const PGLITE_START = [
  ...PGlite.defaultStartParams,
  ...['-c', 'wal_level=minimal', '-c', 'max_wal_senders=0', '-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'],
];

/**
 * A migrated, empty in-memory database as a data-directory image (uncompressed tar): what
 * `pgliteImage` starts from, saving initdb and the migrations each time (seconds per database).
 * `initialized`, if given, receives the image as initdb left it, before any migration.
 */
export async function pgliteImage(initialized?: (image: Blob) => void): Promise<Blob> {
  const client = await PGlite.create(undefined, { extensions: { pg_trgm }, startParams: PGLITE_START });
  try {
    if (initialized) initialized(await client.dumpDataDir('none'));
    await applyMigrations(pgliteMigrationDriver(client));
    // An instance loaded from the image then starts without replaying the migrations' WAL.
    await client.exec('CHECKPOINT');
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

export async function openPglite(dataDir: string | undefined, image?: Blob): Promise<Database> {
  if (dataDir) privateDataDir(dataDir);
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: RemotePGlite;
  try {
    client = await RemotePGlite.open(
      dataDir ? path.join(dataDir, 'pgdata') : undefined,
      PGLITE_START,
      image && !dataDir ? image : undefined,
    );
    if (dataDir) privateDataDir(dataDir);
  } catch (err) {
    unlock();
    throw err;
  }
  const calls = requestAware(client);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(calls as unknown as PGlite) });
  const migrations = pgliteMigrationDriver(calls);
  const sql: SqlRunner = async <R>(q: Prisma.Sql) => (await calls.query<R>(q.text, q.values as unknown[])).rows;
  let closed = false;
  return {
    prisma,
    kind: 'pglite',
    applied: [],
    sql,
    dispatchSql: sql,
    bulk: pgliteBulkCopy(calls),
    description: dataDir ? `PGlite in ${dataDir}` : 'PGlite in memory',
    waiting: () => Math.max(0, client.pending() - 1),
    oldestWaitMs: () => client.oldestWaitMs(),
    connections: 1,
    scanChunkRows: DEFAULTS.pgliteScanChunkRows,
    inUse: () => Math.min(1, client.pending()),
    migrations,
    migrate: async (steps) => {
      // Migrations may run longer than a request may.
      const budget = client.budgetMs;
      client.budgetMs = 0;
      try {
        return await applyMigrations(migrations, undefined, steps);
      } finally {
        client.budgetMs = budget;
      }
    },
    ...(dataDir ? { snapshot: (to: string) => client.snapshot(to) } : {}),
    setStatementBudget: (ms) => {
      client.budgetMs = ms;
    },
    setCallerWaitMs: (ms) => {
      client.fair.callerWaitMs = ms;
    },
    ping: async () => {
      try {
        await client.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    listen: async (channel, onNotify) => {
      // A notification surfaces outside any request.
      const unlisten = await client.listen(channel, () => outsideRequest(onNotify));
      return async () => {
        if (!closed) await unlisten();
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await prisma.$disconnect();
      await client.close();
      if (dataDir) privateDataDir(dataDir);
      unlock();
    },
  };
}

/**
 * The worker's calls, refused for a request whose client has gone away: nothing more runs for it.
 * Only top-level calls: inside a transaction the statements belong to one that already began.
 */
function requestAware(client: RemotePGlite): PgliteLike {
  return {
    query: async (sql, params, opts) => {
      throwIfAbandoned();
      return client.query(sql, params, opts);
    },
    exec: async (sql) => {
      throwIfAbandoned();
      return client.exec(sql);
    },
    transaction: async (fn) => {
      throwIfAbandoned();
      return client.transaction(fn);
    },
  };
}

/** Migrations through one PGlite instance; PGlite serves one process, so the process is the lock. */
export function pgliteMigrationDriver(client: PgliteLike): MigrationDriver {
  return {
    withLock: (fn) => fn(),
    query: async <R>(sql: string, params?: unknown[]) => (await client.query<R>(sql, params)).rows,
    runInTransaction: async (script, after) => {
      await client.transaction(async (tx) => {
        await tx.exec(script);
        await tx.query(after.sql, after.params);
      });
    },
  };
}
