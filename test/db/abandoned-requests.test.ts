import { once } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { isStatementTimeout } from '../../src/core/errors.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { currentRequestSignal, RequestAbandonedError, withRequestSignal } from '../../src/db/request-signal.js';
import { abandonedRequests } from '../../src/server/abandoned-requests.js';
import { until } from '../support/until.js';

// A request whose client goes away stops its database work: the statement in progress is
// cancelled on PostgreSQL, and no further statement starts for it on either database.

const url = inject('databaseUrl');
const onPostgres = url.startsWith('postgres');
const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

async function open(kind: 'pglite' | 'postgres', poolSize?: number): Promise<Database> {
  const db = await openDatabase({
    databaseUrl: kind === 'postgres' ? url : 'memory://',
    dataDir: '',
    migrate: false,
    pgPoolSize: poolSize,
  });
  opened.push(db);
  return db;
}

describe('database work of an abandoned request', () => {
  const kinds = onPostgres ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
  it.each(kinds)('%s: no statement starts once the request is abandoned', async (kind) => {
    const db = await open(kind);
    const controller = new AbortController();
    controller.abort();
    const run = withRequestSignal(controller.signal, async () => db.prisma.$queryRaw`SELECT 1 AS one`);
    const err = await run.catch((e: unknown) => e);
    expect(isStatementTimeout(err)).toBe(true);
    expect(JSON.stringify(err, Object.getOwnPropertyNames(err)) + String(err)).toMatch(/abandoned/);
    // Work outside any request, and of requests still waiting, goes on.
    expect(await db.prisma.$queryRaw`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    const live = new AbortController();
    expect(await withRequestSignal(live.signal, async () => db.prisma.$queryRaw`SELECT 2 AS two`)).toEqual([{ two: 2 }]);
  }, 180_000); // an in-memory PGlite starts in seconds idle; its start is CPU-bound (WASM), so far more on a shared CPU

  it.skipIf(!onPostgres)('PostgreSQL: the statement in progress is cancelled on the server, in or out of a transaction', async () => {
    const db = await open('postgres');
    for (const inTx of [false, true]) {
      const controller = new AbortController();
      const started = Date.now();
      const tag = `abandon_${inTx ? 'tx' : 'plain'}_${started}`;
      // A Prisma query starts when awaited: as in a use case, inside the request's context.
      const sleep = async () =>
        inTx
          ? db.prisma.$transaction(async (tx) => tx.$queryRawUnsafe(`SELECT pg_sleep(30) AS ${tag}`))
          : db.prisma.$queryRawUnsafe(`SELECT pg_sleep(30) AS ${tag}`);
      const run = withRequestSignal(controller.signal, sleep).catch((e: unknown) => e);
      const running = async () =>
        (
          await db.prisma.$queryRawUnsafe<{ n: number }[]>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%AS ${tag}'`,
          )
        )[0]!.n;
      await until('the statement to run on the server', async () => (await running()) === 1, 10_000);
      controller.abort();
      const err = await run;
      expect(isStatementTimeout(err)).toBe(true);
      expect(Date.now() - started).toBeLessThan(15_000);
      await until('the server to stop the statement', async () => (await running()) === 0, 10_000);
    }
  });

  it.skipIf(!onPostgres)('PostgreSQL: a transaction cancelled for an abandoned request leaves its connection usable', async () => {
    // One connection, so the next statement gets the very connection the transaction ran on: it
    // must not be left inside the failed transaction (25P02 "current transaction is aborted").
    const db = await open('postgres', 1);
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    try {
      const tag = `abandon_pool1_${Date.now()}`;
      const controller = new AbortController();
      const run = withRequestSignal(controller.signal, async () =>
        db.prisma.$transaction(async (tx) => tx.$queryRawUnsafe(`SELECT pg_sleep(30) AS ${tag}`)),
      ).catch((e: unknown) => e);
      const running = async () =>
        (await watcher.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%AS ${tag}'`)).rows[0]
          .n as number;
      await until('the statement to run on the server', async () => (await running()) === 1, 10_000);
      controller.abort();
      expect(isStatementTimeout(await run)).toBe(true);
      for (let i = 0; i < 3; i++) expect(await db.prisma.$queryRaw`SELECT 1 AS one`).toEqual([{ one: 1 }]);
      expect(await db.prisma.$transaction(async (tx) => tx.$queryRaw`SELECT 2 AS two`)).toEqual([{ two: 2 }]);
    } finally {
      await watcher.end();
    }
  });

  it.skipIf(!onPostgres)(
    'PostgreSQL: a late cancel never reaches the next statement on the same connection',
    async () => {
      const db = await open('postgres', 1);
      // The abort comes around the moment the abandoned statement ends on its own: its cancel then
      // arrives late, while the queued statement would already be running on that connection.
      for (let i = 0; i < 24; i++) {
        const controller = new AbortController();
        const abandoned = withRequestSignal(controller.signal, async () => db.prisma.$queryRaw`SELECT pg_sleep(0.1)`).catch(
          (e: unknown) => e,
        );
        setTimeout(() => controller.abort(), 70 + i * 3);
        // Queued behind it on the only connection: must run to its end, never be cancelled.
        const next = db.prisma.$queryRaw<{ ok: number }[]>`SELECT 1 AS ok FROM pg_sleep(0.2)`;
        await abandoned;
        expect(await next).toEqual([{ ok: 1 }]);
      }
    },
    120_000,
  );
});

describe('a request whose client goes away', () => {
  it('aborts its signal in the handler (after reading a body), and a completed one does not', async () => {
    const app = Fastify();
    abandonedRequests(app);
    const seen: { id: string; aborted: boolean }[] = [];
    const entered = new Set<string>();
    app.post<{ Body: { id: string } }>('/work', async (req) => {
      const signal = currentRequestSignal();
      if (!signal) throw new Error('no request signal in the handler');
      if (req.body.id === 'quick') {
        seen.push({ id: 'quick', aborted: signal.aborted });
        return { ok: true };
      }
      entered.add(req.body.id);
      // The abort is awaited; the 10 s only bound a handler whose abort never comes (the test then fails).
      await Promise.race([once(signal, 'abort'), new Promise((r) => setTimeout(r, 10_000))]);
      seen.push({ id: req.body.id, aborted: signal.aborted });
      if (signal.aborted) throw new RequestAbandonedError();
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const post = (id: string) => {
        const req = request({ port, host: '127.0.0.1', path: '/work', method: 'POST', headers: { 'content-type': 'application/json' } });
        req.on('error', () => {});
        req.end(JSON.stringify({ id }));
        return req;
      };
      const quick = post('quick');
      const [res] = (await once(quick, 'response')) as [NodeJS.ReadableStream & { statusCode: number }];
      expect(res.statusCode).toBe(200);
      const slow = post('slow');
      await until('the slow handler to run', () => entered.has('slow'));
      slow.destroy();
      await until('the handler to see the abort', () => seen.some((s) => s.id === 'slow'), 8_000);
      expect(seen).toEqual([
        { id: 'quick', aborted: false },
        { id: 'slow', aborted: true },
      ]);
    } finally {
      await app.close();
    }
  });
});
