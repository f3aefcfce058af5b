import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isTransientDatabaseFault } from '../../src/core/database-faults.js';
import { AppError, toAppError } from '../../src/core/errors.js';
import { openDatabase } from '../../src/db/database.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { freePort } from '../support/free-port.js';
import { freshDatabase, type Harness, startHarness } from '../support/harness.js';
import { until } from '../support/until.js';

/**
 * The errors Prisma (with its driver adapter) and the pg driver really throw when the database is
 * unreachable, restarting or out of connection slots, produced here rather than written by hand:
 * each must read as DATABASE_UNAVAILABLE (503, retryable), never INTERNAL.
 */
const onPostgres = inject('databaseUrl').startsWith('postgres');

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const unavailable = (err: unknown) => {
  expect(err).toBeInstanceOf(Error);
  expect(isTransientDatabaseFault(err)).toBe(true);
  expect(toAppError(err).code).toBe('DATABASE_UNAVAILABLE');
};

describe('transient database faults are recognised in the shapes they are thrown', () => {
  it('connection refused: Prisma P1001 (DatabaseNotReachable), in and outside a transaction, and the driver ECONNREFUSED', async () => {
    const dead = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/none`,
      dataDir: '/nonexistent',
      migrate: false,
    });
    try {
      const model = await dead.prisma.workspace.findMany({ take: 1 }).catch((e: unknown) => e);
      expect((model as { code?: string }).code).toBe('P1001');
      unavailable(model);
      unavailable(await dead.prisma.$transaction(async (tx) => tx.workspace.findMany({ take: 1 })).catch((e: unknown) => e));
      unavailable(await dead.sql(Prisma.sql`SELECT 1`).catch((e: unknown) => e));
    } finally {
      await dead.close().catch(() => {});
    }
  });

  it('a transaction that cannot start within maxWait: Prisma P2028', async () => {
    // One connection (PGlite has one; a PostgreSQL pool of one here), held by a transaction.
    const own = onPostgres ? await freshDatabase() : undefined;
    const db = own ? await openDatabase({ databaseUrl: own.url, dataDir: '/nonexistent', pgPoolSize: 1, migrate: false }) : h.database;
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holder = db.prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        await held;
      });
      const late = await db.prisma.$transaction(async (tx) => tx.$queryRaw`SELECT 1`, { maxWait: 50 }).catch((e: unknown) => e);
      release();
      await holder;
      expect((late as { code?: string }).code).toBe('P2028');
      unavailable(late);
    } finally {
      if (own) {
        await db.close();
        await own.drop();
      }
    }
  });

  it('ordinary failures stay what they are', () => {
    expect(isTransientDatabaseFault(new Error('boom'))).toBe(false);
    expect(isTransientDatabaseFault(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isTransientDatabaseFault(Object.assign(new Error('x'), { code: 'P2002' }))).toBe(false);
    expect(toAppError(new AppError('NOT_FOUND', 'gone')).code).toBe('NOT_FOUND');
    expect(toAppError(new TypeError('x')).code).toBe('INTERNAL');
  });
});

describe.runIf(onPostgres)('PostgreSQL: a backend terminated or a connection cut mid-statement (PostgreSQL)', () => {
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ url, drop } = await freshDatabase());
  });
  afterAll(async () => drop?.());

  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: inject('databaseUrl') });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };

  it('pg_terminate_backend (57P01, as a fast shutdown sends it) of running statements, through Prisma and the driver', async () => {
    const db = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent', migrate: false });
    try {
      const name = new URL(url).pathname.slice(1);
      const raw = db.prisma.$queryRaw`SELECT pg_sleep(5)`.catch((e: unknown) => e);
      const driver = db.sql(Prisma.sql`SELECT pg_sleep(5)`).catch((e: unknown) => e);
      // Both statements running, then their backends are terminated.
      const running = async () => {
        const c = new pg.Client({ connectionString: inject('databaseUrl') });
        await c.connect();
        try {
          const r = await c.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query LIKE '%pg_sleep%'`, [name]);
          return r.rows[0].n as number;
        } finally {
          await c.end();
        }
      };
      for (let i = 0; i < 100 && (await running()) < 2; i++) await new Promise((r) => setTimeout(r, 20));
      await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
      // Usually 57P01 (Prisma: P2010 wrapping it); the socket's close may win the race ("Connection terminated unexpectedly").
      const [prismaError, driverError] = await Promise.all([raw, driver]);
      unavailable(prismaError);
      unavailable(driverError);
      // The pool replaces the dead connections by itself (a query may still meet one closing: transient too).
      await until('the pool to reconnect', async () => {
        const answer = await db
          .sql(Prisma.sql`SELECT 1 AS one`)
          .catch((e: unknown) => (isTransientDatabaseFault(e) ? null : Promise.reject(e)));
        return answer !== null;
      });
    } finally {
      await db.close();
    }
  });

  it('a connection cut without a word ("Connection terminated unexpectedly") fails the statement and does not crash the process', async () => {
    const sockets = new Set<net.Socket>();
    const target = new URL(url);
    const proxy = net.createServer((client) => {
      const server = net.connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, server]) {
        sockets.add(s);
        s.on('error', () => {});
      }
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const proxied = new URL(url);
    proxied.port = String((proxy.address() as net.AddressInfo).port);
    const db = await openDatabase({ databaseUrl: proxied.toString(), dataDir: '/nonexistent', migrate: false });
    const crashes: unknown[] = [];
    const onCrash = (err: unknown) => crashes.push(err);
    process.on('uncaughtException', onCrash);
    try {
      await db.sql(Prisma.sql`SELECT 1`);
      const raw = db.prisma.$queryRaw`SELECT pg_sleep(5)`.catch((e: unknown) => e);
      const driver = db.sql(Prisma.sql`SELECT pg_sleep(5)`).catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 150));
      for (const s of sockets) s.destroy();
      const [prismaError, driverError] = await Promise.all([raw, driver]);
      expect((prismaError as Error).message).toContain('Connection terminated unexpectedly');
      unavailable(prismaError);
      unavailable(driverError);
      await new Promise((r) => setTimeout(r, 50));
      expect(crashes).toEqual([]);
      expect(await db.sql(Prisma.sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onCrash);
      await db.close();
      proxy.close();
    }
  });
});
