import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { DEFAULTS } from '../defaults.js';
import { type BulkCopy, pgliteBulkCopy, postgresBulkCopy } from './bulk-copy.js';
import { lockDataDir } from './data-dir-lock.js';
import { type Prisma, PrismaClient } from './generated/prisma/client.js';
import { applyMigrations, type MigrationDriver } from './migrate.js';
import { cancelAbandonedStatements } from './pg-cancel.js';
import { type PgliteLike, RemotePGlite } from './pglite-remote.js';
import { privateDataDir } from './private-dir.js';
import { outsideRequest, throwIfAbandoned } from './request-signal.js';

export type Db = PrismaClient;

/**
 * Runs one `Prisma.sql` query on the driver itself and answers its rows. `prepare` names the statement
 * so that PostgreSQL parses and plans it once per connection: for fixed statements every request runs
 * (authentication), never for ones whose best plan depends on the values. PGlite ignores it.
 */
export type SqlRunner = <R>(query: Prisma.Sql, opts?: { prepare?: string }) => Promise<R[]>;

export interface Database {
  prisma: PrismaClient;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for humans (never contains a password). */
  description: string;
  migrations: MigrationDriver;
  sql: SqlRunner;
  /**
   * `sql` on connections of the webhook dispatcher's own (PostgreSQL: a pool of
   * `DISPATCH_CONNECTIONS`, opened on first use), so its claims and records never queue behind
   * requests waiting for the shared pool. PGlite has one connection: the same as `sql`.
   */
  dispatchSql: SqlRunner;
  /** COPY in one transaction on one connection (`fas seed`). */
  bulk: BulkCopy;
  migrate(): Promise<string[]>;
  /** Migrations applied when this handle was opened. */
  applied: string[];
  ping(): Promise<boolean>;
  /**
   * PGlite: the longest statement, enforced by its worker thread (0: none); set after migrations.
   * PostgreSQL's is the pool's `statement_timeout` (`statementTimeoutMs`).
   */
  setStatementBudget?(ms: number): void;
  /** Database calls waiting for a connection now (PGlite: queued behind its single connection). */
  waiting(): number;
  /** How long the call waiting longest for a connection has waited, in ms (0: none waits). */
  oldestWaitMs(): number;
  /** Connections served at once: the pool's size, 1 for PGlite. */
  connections: number;
  /** Connections busy with a call now (PGlite: 0 or 1). */
  inUse(): number;
  /**
   * Calls `onNotify` on each NOTIFY on `channel` (delivered at the notifying transaction's commit)
   * until the answered function is called. On PostgreSQL a dedicated connection listens and comes
   * back by itself after losing the server; notifications sent meanwhile are lost, so a listener
   * must also poll. `onLost` is called when that connection is lost (PGlite never loses it).
   */
  listen(channel: string, onNotify: () => void, onLost?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Apply pending migrations before answering (default true). */
  migrate?: boolean;
  /**
   * PostgreSQL `statement_timeout` of every pooled connection (0 or unset: none), so no request
   * holds a connection long. Migrations and the migration lock wait are exempt. PGlite (on disk)
   * enforces it from outside its worker thread: a statement over it ends the worker, and every call
   * waiting on it fails as QUERY_TIMEOUT while a new one reopens the directory. In-memory PGlite
   * could not be reopened: there it is not enforced.
   */
  statementTimeoutMs?: number;
  /** PostgreSQL connections of the pool (`Config.pgPoolSize`); default 10. */
  pgPoolSize?: number;
  /**
   * An in-memory PGlite starts from this data-directory image (`pgliteImage()`) instead of
   * running initdb; pending migrations still apply. The test suite opens one database per file.
   */
  pgliteImage?: Blob;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const url = opts.databaseUrl;
  const db =
    url && /^postgres(ql)?:\/\//.test(url)
      ? openPostgres(url, opts.statementTimeoutMs ?? 0, opts.pgPoolSize ?? DEFAULTS.pgPoolSize)
      : await openPglite(url === 'memory://' ? undefined : opts.dataDir, opts.pgliteImage);
  if (opts.migrate !== false) {
    try {
      db.applied = await db.migrate();
    } catch (err) {
      await db.close();
      throw err;
    }
  }
  db.setStatementBudget?.(opts.statementTimeoutMs ?? 0);
  return db;
}

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
 */
export async function pgliteImage(): Promise<Blob> {
  const client = await PGlite.create(undefined, { extensions: { pg_trgm }, startParams: PGLITE_START });
  try {
    await applyMigrations(pgliteMigrationDriver(client));
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPglite(dataDir: string | undefined, image?: Blob): Promise<Database> {
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
    inUse: () => Math.min(1, client.pending()),
    migrations,
    migrate: async () => {
      // Migrations may run longer than a request may.
      const budget = client.budgetMs;
      client.budgetMs = 0;
      try {
        return await applyMigrations(migrations);
      } finally {
        client.budgetMs = budget;
      }
    },
    setStatementBudget: (ms) => {
      client.budgetMs = ms;
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

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}

/** The dispatcher's connections: one claims while the other records finished attempts. */
const DISPATCH_CONNECTIONS = 2;

// Arbitrary constant shared by every FAS process migrating the same database.
const MIGRATION_LOCK_KEY = 72707369;

/**
 * Every pooled session: no JIT (our statements are short: JIT compiled a search for longer than it ran),
 * and at least 16 MB of `work_mem`, so the bitmap of a search with many matches stays exact (with
 * the default 4 MB it went lossy and rechecked many more rows) (docs/benchmarks.md, "Measurements behind code decisions"). A server
 * configured with more `work_mem` keeps its own. Run on each new connection before the pool hands
 * it out (pg-pool's `onConnect`), not queued beside its first query: pg 8 warns about a query sent
 * while another is pending on the client, and pg 9 refuses it.
 */
const SESSION_SETTINGS = `SELECT set_config('jit', 'off', false),
  CASE WHEN pg_size_bytes(current_setting('work_mem')) < 16 * 1024 * 1024 THEN set_config('work_mem', '16MB', false) END`;

/**
 * pg-pool's `onConnect` hook giving every new connection the session settings above (benches use
 * it on their own pools too). A connection whose settings fail is not handed out: the caller gets
 * the error, as for a failed connect.
 */
export async function applySessionSettings(client: pg.ClientBase): Promise<void> {
  await client.query(SESSION_SETTINGS);
}

/** A pool of FAS sessions: the statement timeout, the session settings, and idle errors ignored. */
function sessionPool(url: string, max: number, statementTimeoutMs: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    onConnect: applySessionSettings,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return pool;
}

/** `SqlRunner` on a pool: a named (prepared) statement when asked for one. */
function sqlRunner(pool: pg.Pool): SqlRunner {
  return async <R>(q: Prisma.Sql, opts?: { prepare?: string }) =>
    (await (opts?.prepare ? pool.query({ name: opts.prepare, text: q.text, values: q.values }) : pool.query(q.text, q.values as unknown[])))
      .rows as R[];
}

function openPostgres(url: string, statementTimeoutMs: number, poolSize: number): Database {
  const pool = sessionPool(url, poolSize, statementTimeoutMs);
  cancelAbandonedStatements(pool, url);
  const oldestWaitMs = timeConnectionWaits(pool);
  const dispatchPool = sessionPool(url, DISPATCH_CONNECTIONS, statementTimeoutMs);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const migrations: MigrationDriver = {
    withLock: async (fn) => {
      const c = await pool.connect();
      try {
        // Waiting for another process's migration may take longer than a request may.
        await c.query('SET statement_timeout = 0');
        await c.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await fn();
      } finally {
        await c.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        await c.query('RESET statement_timeout').catch(() => {});
        c.release();
      }
    },
    query: async <R>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as R[],
    runInTransaction: async (script, after) => {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        await c.query('SET LOCAL statement_timeout = 0');
        await c.query(script);
        await c.query(after.sql, after.params);
        await c.query('COMMIT');
      } catch (err) {
        await c.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        c.release();
      }
    },
  };
  let closed = false;
  return {
    prisma,
    kind: 'postgres',
    applied: [],
    sql: sqlRunner(pool),
    dispatchSql: sqlRunner(dispatchPool),
    bulk: postgresBulkCopy(pool),
    description: `PostgreSQL at ${redact(url)}`,
    waiting: () => pool.waitingCount,
    oldestWaitMs,
    inUse: () => pool.totalCount - pool.idleCount,
    connections: poolSize,
    migrations,
    migrate: () => applyMigrations(migrations),
    ping: async () => {
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    listen: (channel, onNotify, onLost) => listenPostgres(url, channel, onNotify, onLost),
    close: async () => {
      if (closed) return;
      closed = true;
      await prisma.$disconnect();
      await pool.end();
      await dispatchPool.end();
    },
  };
}

/**
 * Times every wait for a pooled connection (pool.query goes through pool.connect too): answers how
 * long the oldest wait still going has lasted, in ms, so the load shedder sees queueing as it is.
 */
function timeConnectionWaits(pool: pg.Pool): () => number {
  const waits = new Set<{ at: number }>();
  const acquire = pool.connect.bind(pool) as (...args: unknown[]) => Promise<pg.PoolClient>;
  (pool as unknown as { connect: unknown }).connect = async (...args: unknown[]) => {
    // The callback form (none of ours: pool.query is the promise form, see pg-cancel.ts) untimed.
    if (args.length > 0) return acquire(...args);
    const wait = { at: performance.now() };
    waits.add(wait);
    try {
      return await acquire();
    } finally {
      waits.delete(wait);
    }
  };
  return () => {
    // A Set iterates in insertion order: the first is the oldest.
    for (const w of waits) return performance.now() - w.at;
    return 0;
  };
}

const RELISTEN_MS = 1000;

/** LISTEN on a connection of its own, reconnecting after a loss until stopped. */
async function listenPostgres(url: string, channel: string, onNotify: () => void, onLost?: () => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name "${channel}"`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) outsideRequest(onNotify);
    });
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      if (!stopped) outsideRequest(() => onLost?.());
      void c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), RELISTEN_MS);
    };
    c.on('error', lost);
    c.on('end', lost);
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      // Anything committed while not listening is found by the listener's next poll; wake it now.
      onNotify();
    } catch (err) {
      lost();
      throw err;
    }
  };
  try {
    await connect();
  } catch (err) {
    // The caller learns it now; no reconnect loop is left behind that nobody can stop.
    stopped = true;
    clearTimeout(retry);
    throw err;
  }
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}
