import { afterAll, describe, expect, inject, it } from 'vitest';
import { AppError, retryAfterSeconds, toAppError } from '../../src/core/errors.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { asScan, withRequestScope } from '../../src/db/request-signal.js';
import { gate } from '../support/gate.js';
import { pgliteImage } from '../support/pglite-image.js';
import { until } from '../support/until.js';

// Fair sharing of the database between workspaces (issue 37, src/db/fair-share.ts): one caller's
// queued work cannot hold the database for everyone. Order and refusals are asserted, not times.

const url = inject('databaseUrl');
const onPostgres = url.startsWith('postgres');
const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

async function open(kind: 'pglite' | 'postgres', fairShare: { callerConnections: number; callerWaitMs: number }, pgPoolSize?: number) {
  const image = kind === 'pglite' ? pgliteImage() : undefined;
  const db = await openDatabase({
    databaseUrl: kind === 'postgres' ? url : 'memory://',
    dataDir: '',
    migrate: false,
    pgPoolSize,
    fairShare,
    ...(image ? { pgliteImage: image } : {}),
  });
  opened.push(db);
  return db;
}

/**
 * `fn` as a request of `caller` (what `createContext` sets once the request is authenticated),
 * awaited inside the scope: a Prisma query starts when awaited.
 */
const as = <T>(caller: string, fn: () => PromiseLike<T>) => withRequestScope({ caller }, async () => await fn());
const scan = Prisma.sql`SELECT count(*)::int AS n FROM generate_series(1, 50000)`;

describe.skipIf(onPostgres)('PGlite: who goes next on the single connection', () => {
  it("a light caller's statement runs next after the running one, ahead of a heavy caller's queue", async () => {
    const db = await open('pglite', { callerConnections: 0, callerWaitMs: 0 });
    const done: string[] = [];
    const track = (name: string, p: Promise<unknown>) => p.then(() => done.push(name));
    const heavy = Array.from({ length: 5 }, (_, i) =>
      track(
        `heavy${i}`,
        as('ws-heavy', () => db.sql(scan)),
      ),
    );
    const light = track(
      'light',
      as('ws-light', () => db.sql(Prisma.sql`SELECT 1 AS one`)),
    );
    await Promise.all([...heavy, light]);
    // The heavy caller's first scan held the connection; the light read went next, not sixth.
    expect(done.indexOf('light')).toBe(1);
    // Within one caller, the order sent.
    expect(done.filter((d) => d !== 'light')).toEqual(['heavy0', 'heavy1', 'heavy2', 'heavy3', 'heavy4']);
  }, 180_000);

  it("a slice of a long scan (scan class) goes after a waiting cheap statement, even a busier caller's", async () => {
    const db = await open('pglite', { callerConnections: 0, callerWaitMs: 0 });
    // The busy caller has used the connection; the analyst has not.
    await as('ws-busy', () => db.sql(scan));
    const done: string[] = [];
    const first = as('ws-other', () => db.sql(scan)).then(() => done.push('first'));
    await until('a unit holding the connection', () => db.inUse() === 1);
    const slice = withRequestScope({ caller: 'ws-analyst' }, () => asScan(async () => await db.sql(scan))).then(() => done.push('slice'));
    const cheap = as('ws-busy', () => db.sql(Prisma.sql`SELECT 1 AS one`)).then(() => done.push('cheap'));
    await Promise.all([first, slice, cheap]);
    expect(done).toEqual(['first', 'cheap', 'slice']);
  }, 180_000);

  it('a transaction is one unit: a light caller waits for it to end, then goes before the heavy queue', async () => {
    const db = await open('pglite', { callerConnections: 0, callerWaitMs: 0 });
    const done: string[] = [];
    // The transaction holds the connection between its statements until both calls are queued
    // (two short scans could end before a poll saw them, and then nothing waited for them).
    const entered = gate();
    const released = gate();
    const tx = as('ws-heavy', () =>
      db.prisma.$transaction(async (t) => {
        await t.$queryRawUnsafe(scan.text);
        entered.open();
        await released.opened;
        await t.$queryRawUnsafe(scan.text);
        done.push('tx');
      }),
    );
    await entered.opened;
    const heavy = as('ws-heavy', () => db.sql(scan)).then(() => done.push('heavy'));
    const light = as('ws-light', () => db.prisma.$queryRaw`SELECT 1 AS one`).then(() => done.push('light'));
    // Between its statements the transaction has no call out: the two pending calls are the queued ones.
    await until('both calls queued behind the transaction', () => db.inUse() + db.waiting() >= 2);
    expect(done).toEqual([]);
    released.open();
    await Promise.all([tx, heavy, light]);
    expect(done).toEqual(['tx', 'light', 'heavy']);
  }, 180_000);

  it('a caller whose own queue waited past the bound is refused (503 OVERLOADED, Retry-After); others and calls without a caller are served', async () => {
    // The bound is 1 ms only once the calls are queued: with it from the start, a third call
    // reaching the queue more than 1 ms after the second (a busy worker) was itself refused.
    const db = await open('pglite', { callerConnections: 0, callerWaitMs: 60_000 });
    // Scans long enough (hundreds of ms each) that the queue is still waiting when the next call
    // is checked, however fast or loaded the machine: with short ones it could drain first.
    const longScan = Prisma.sql`SELECT count(*)::int AS n FROM generate_series(1, 2000000)`;
    const queued = Array.from({ length: 3 }, () => as('ws-heavy', () => db.sql(longScan)));
    await until('two queued calls', () => db.waiting() >= 2);
    if (!db.setCallerWaitMs) throw new Error("PGlite sets its callers' wait bound at run time");
    db.setCallerWaitMs(1);
    // Its oldest queued call has now waited longer than 1 ms.
    await new Promise((r) => setTimeout(r, 20));
    const refused = await as('ws-heavy', () => db.prisma.$queryRaw`SELECT 1 AS one`).catch((e: unknown) => e);
    const answer = toAppError(refused);
    expect(answer).toBeInstanceOf(AppError);
    expect(answer.code).toBe('OVERLOADED');
    expect(answer.kind.http).toBe(503);
    expect(retryAfterSeconds(answer)).toBe(1);
    expect(await as('ws-light', () => db.sql(Prisma.sql`SELECT 2 AS two`))).toEqual([{ two: 2 }]);
    expect(await db.sql(Prisma.sql`SELECT 3 AS three`)).toEqual([{ three: 3 }]);
    await Promise.all(queued);
  }, 180_000);
});

describe.skipIf(!onPostgres)("PostgreSQL: a workspace's share of the pool", () => {
  it('a caller holding its share waits in its own queue while another workspace gets a connection; past the bound it is refused', async () => {
    // A pool of 3, a share of 2: two of the heavy caller's statements hold connections (blocked
    // on an advisory lock this test holds), the third waits in its own queue, not in the pool's.
    const db = await open('postgres', { callerConnections: 2, callerWaitMs: 0 }, 3);
    const key = 37_000_000 + Math.floor(Math.random() * 1000);
    const holder = await openDatabase({ databaseUrl: url, dataDir: '', migrate: false, pgPoolSize: 1 });
    opened.push(holder);
    await holder.prisma
      .$transaction(
        async (tx) => {
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(${key})`;
          const blocked = Array.from({ length: 2 }, () => as('ws-heavy', () => db.sql(Prisma.sql`SELECT pg_advisory_xact_lock(${key})`)));
          await until('two connections held', () => db.inUse() === 2);
          let third = false;
          const over = as('ws-heavy', () => db.sql(Prisma.sql`SELECT 1 AS one`)).then(() => {
            third = true;
          });
          // Another workspace is served at once by the pool's third connection.
          expect(await as('ws-light', () => db.sql(Prisma.sql`SELECT 2 AS two`))).toEqual([{ two: 2 }]);
          expect(third).toBe(false);
          // Nor did the heavy caller's third call take a connection in the meantime.
          expect(db.waiting()).toBe(0);
          expect(db.inUse()).toBeLessThanOrEqual(2);
          return { blocked, over };
        },
        { timeout: 60_000 },
      )
      .then(async ({ blocked, over }) => {
        await Promise.all([...blocked, over]);
      });
  }, 180_000);

  it('a caller runs one long scan at a time (scan class) while its cheap calls still get its other places', async () => {
    // A pool of 3, a share of 2, of which one scan (DEFAULTS.dbCallerScans): two scans of the heavy
    // caller blocked on an advisory lock this test holds; only one holds a connection, the other
    // waits in the caller's queue, and a cheap call of the same caller passes it.
    const db = await open('postgres', { callerConnections: 2, callerWaitMs: 0 }, 3);
    const key = 37_002_000 + Math.floor(Math.random() * 1000);
    const holder = await openDatabase({ databaseUrl: url, dataDir: '', migrate: false, pgPoolSize: 1 });
    opened.push(holder);
    const scans: Promise<unknown>[] = [];
    await holder.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${key})`;
        for (let i = 0; i < 2; i++) {
          scans.push(as('ws-heavy', () => asScan(() => db.sql(Prisma.sql`SELECT pg_advisory_xact_lock(${key})`))));
        }
        await until('a scan holding a connection', () => db.inUse() === 1);
        expect(await as('ws-heavy', () => db.sql(Prisma.sql`SELECT 1 AS one`))).toEqual([{ one: 1 }]);
        await new Promise((r) => setTimeout(r, 50));
        // The second scan still waits in the caller's own queue, not on a connection of the pool.
        expect(db.inUse()).toBe(1);
        expect(db.waiting()).toBe(0);
      },
      { timeout: 60_000 },
    );
    await Promise.all(scans);
  }, 180_000);

  it("past the bound a caller's further calls are refused with 503 OVERLOADED and Retry-After, through Prisma too", async () => {
    const db = await open('postgres', { callerConnections: 1, callerWaitMs: 1 }, 3);
    const key = 37_001_000 + Math.floor(Math.random() * 1000);
    const holder = await openDatabase({ databaseUrl: url, dataDir: '', migrate: false, pgPoolSize: 1 });
    opened.push(holder);
    const pending: Promise<unknown>[] = [];
    await holder.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${key})`;
        pending.push(as('ws-heavy', () => db.sql(Prisma.sql`SELECT pg_advisory_xact_lock(${key})`)));
        await until('a unit holding the connection', () => db.inUse() === 1);
        pending.push(as('ws-heavy', () => db.sql(Prisma.sql`SELECT 1 AS one`)));
        await new Promise((r) => setTimeout(r, 20));
        const refused = await as('ws-heavy', () => db.prisma.$queryRaw`SELECT 1 AS one`).catch((e: unknown) => e);
        const answer = toAppError(refused);
        expect(answer.code).toBe('OVERLOADED');
        expect(retryAfterSeconds(answer)).toBe(1);
        expect(await as('ws-light', () => db.sql(Prisma.sql`SELECT 2 AS two`))).toEqual([{ two: 2 }]);
        expect(await db.sql(Prisma.sql`SELECT 3 AS three`)).toEqual([{ three: 3 }]);
      },
      { timeout: 60_000 },
    );
    await Promise.all(pending);
  }, 180_000);
});
