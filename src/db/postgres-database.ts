import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { DEFAULTS } from '../defaults.js';
import { postgresBulkCopy } from './bulk-copy.js';
import type { Database, SqlRunner } from './database-types.js';
import { ShareGate } from './fair-share.js';
import { type Prisma, PrismaClient } from './generated/prisma/client.js';
import { applyMigrations, type MigrationDriver } from './migrate.js';
import { cancelAbandonedStatements } from './pg-cancel.js';
import { openReplicas } from './read-replicas.js';
import { currentDbCaller, currentIsScan, outsideRequest } from './request-signal.js';

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
  // Nor one in use: pg emits a lost connection ('Connection terminated unexpectedly') on the client
  // as well as failing its query, and pg-pool listens only while the client is idle. The query's
  // own error reaches the request (503 DATABASE_UNAVAILABLE); the pool drops the broken client.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

/** `SqlRunner` on a pool: a named (prepared) statement when asked for one. */
function sqlRunner(pool: pg.Pool): SqlRunner {
  return async <R>(q: Prisma.Sql, opts?: { prepare?: string }) =>
    (await (opts?.prepare ? pool.query({ name: opts.prepare, text: q.text, values: q.values }) : pool.query(q.text, q.values as unknown[])))
      .rows as R[];
}

export function openPostgres(
  url: string,
  statementTimeoutMs: number,
  poolSize: number,
  reads?: { urls: readonly string[]; maxLagMs: number },
  fairShare?: { callerConnections: number; callerWaitMs: number },
): Database {
  const pool = sessionPool(url, poolSize, statementTimeoutMs);
  cancelAbandonedStatements(pool, url);
  const oldestWaitMs = timeConnectionWaits(pool);
  if (fairShare) {
    const share = fairShare.callerConnections || Math.ceil(poolSize / 4);
    shareConnections(pool, new ShareGate(share, fairShare.callerWaitMs, DEFAULTS.dbCallerScans));
  }
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
  const replicas = reads?.urls.length
    ? openReplicas({
        urls: reads.urls,
        maxLagMs: reads.maxLagMs,
        primary: pool,
        primarySql: sqlRunner(pool),
        pool: (replicaUrl) => sessionPool(replicaUrl, poolSize, statementTimeoutMs),
        sqlRunner,
      })
    : undefined;
  let closed = false;
  return {
    prisma,
    replicas,
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
    migrate: (steps) => applyMigrations(migrations, undefined, steps),
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
      await replicas?.close();
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

/**
 * At most the caller's share of the pool's connections for one caller (a workspace) at once
 * (src/db/fair-share.ts): its further calls wait in its own queue before they reach the pool's, so
 * another workspace finds a connection; installed over the timed `connect`, so those waits are the
 * caller's own and not the pool's (the load shedder's measure).
 */
function shareConnections(pool: pg.Pool, gate: ShareGate): void {
  const acquire = pool.connect.bind(pool) as (...args: unknown[]) => Promise<pg.PoolClient>;
  (pool as unknown as { connect: unknown }).connect = async (...args: unknown[]) => {
    if (args.length > 0) return acquire(...args);
    const leave = await gate.enter(currentDbCaller(), currentIsScan());
    let client: pg.PoolClient;
    try {
      client = await acquire();
    } catch (err) {
      leave();
      throw err;
    }
    const release = client.release.bind(client);
    client.release = (err?: Error | boolean) => {
      client.release = release;
      leave();
      return release(err);
    };
    return client;
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
