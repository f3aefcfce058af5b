import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import type { Database } from '../../src/db/database-types.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { workspaceFactory } from '../factories/workspace.js';
import { freePort } from '../support/free-port.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';
import { until } from '../support/until.js';

/**
 * A database that cannot be reached answers 503 DATABASE_UNAVAILABLE with Retry-After on every
 * protocol and page, never 500: the errors are the real ones (a PostgreSQL address nobody listens
 * on refuses every connection), thrown by the limiter's store or by the core's queries.
 */
let dead: Database;
beforeAll(async () => {
  dead = await openDatabase({
    databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/none`,
    dataDir: '/nonexistent',
    migrate: false,
  });
});
afterAll(async () => dead?.close().catch(() => {}));

const FAKE_KEY = `fas_sk_${'a'.repeat(32)}`;

async function expectUnavailable(h: Harness, auth: Record<string, string>) {
  const rest = await rawRequest(h, 'GET', '/api/v2/accounts', { headers: auth });
  expect(rest.status).toBe(503);
  expect(rest.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE', status: 503, title: 'Database unavailable' });
  expect(rest.headers.get('retry-after')).toBe('1');

  const trpc = await fetch(`${h.baseUrl}/trpc/accounts.list?input=${encodeURIComponent('{}')}`, { headers: auth });
  expect(trpc.status).toBe(503);
  expect(trpc.headers.get('retry-after')).toBe('1');
  expect(((await trpc.json()) as { error: { data: { code: string; trpcCode: string } } }).error.data).toMatchObject({
    code: 'DATABASE_UNAVAILABLE',
    trpcCode: 'SERVICE_UNAVAILABLE',
  });

  const gql = await fetch(`${h.baseUrl}/graphql`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: '{"query":"{ accounts { total } }"}',
  });
  expect(gql.status).toBe(503);
  expect(gql.headers.get('retry-after')).toBe('1');
  expect(((await gql.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe('DATABASE_UNAVAILABLE');

  const page = await rawRequest(h, 'GET', `/verify/${'b'.repeat(43)}`, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(503);
  expect(page.headers.get('retry-after')).toBe('1');
  expect(page.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
}

describe('the rate limiter cannot reach its buckets', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      app: () => ({
        rateLimit: { perSecond: 50, burst: 100, pages: { perSecond: 10, burst: 100 }, database: { kind: 'postgres', sql: dead.sql } },
      }),
    });
  });
  afterAll(async () => h?.close());

  it('REST, tRPC, GraphQL and the holder page answer 503 DATABASE_UNAVAILABLE with Retry-After, and log no internal error', async () => {
    const ws = await workspaceFactory(h.deps);
    const logged = vi.spyOn(h.app.log, 'error');
    try {
      await expectUnavailable(h, { authorization: `APIKey ${ws.apiKey}` });
      await expectUnavailable(h, {});
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
    // Probes are not limited, so they do not depend on the buckets.
    expect((await rawRequest(h, 'GET', '/healthz')).status).toBe(200);
  });
});

describe('every query of the core fails (connection refused)', () => {
  let h: Harness;
  beforeAll(async () => {
    // No credential notifications: nothing listens on a database that is not there.
    h = await startHarness({ database: { ...dead, listen: undefined } as unknown as Database });
  });
  afterAll(async () => h?.close());

  it('every protocol, the holder page and its forms, the dashboard download: 503 with Retry-After, never 500', async () => {
    const logged = vi.spyOn(h.app.log, 'error');
    try {
      await expectUnavailable(h, { authorization: `APIKey ${FAKE_KEY}` });
      const signature = await fetch(`${h.baseUrl}/verify/${'c'.repeat(43)}/signature`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: 'nonce=x&fullName=Ada&acceptTerms=on',
      });
      expect(signature.status).toBe(503);
      expect(signature.headers.get('retry-after')).toBe('1');
      expect(await signature.json()).toMatchObject({ ok: false, code: 'DATABASE_UNAVAILABLE' });
      const download = await fetch(`${h.baseUrl}/dashboard/export/accounts.csv`, {
        headers: { cookie: `fas_session=fas_ss_${'e'.repeat(32)}`, accept: 'text/html' },
      });
      expect(download.status).toBe(503);
      expect(download.headers.get('retry-after')).toBe('1');
      expect(await download.text()).toContain('database is unavailable');
      const signIn = await fetch(`${h.baseUrl}/trpc/session.signIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-fas-csrf': '1', origin: 'http://fas.test' },
        body: JSON.stringify({ token: `fas_at_${'d'.repeat(32)}` }),
      });
      expect(signIn.status).toBe(503);
      expect(signIn.headers.get('retry-after')).toBe('1');
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
    expect((await rawRequest(h, 'GET', '/readyz')).status).toBe(503);
  });
});

describe.runIf(inject('databaseUrl').startsWith('postgres'))('a backend terminated under a request (PostgreSQL)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.close());

  it('pg_terminate_backend of the statement a request waits on answers 503 DATABASE_UNAVAILABLE; the next request succeeds', async () => {
    const ws = await workspaceFactory(h.deps);
    const auth = { authorization: `APIKey ${ws.apiKey}` };
    expect((await rawRequest(h, 'GET', '/api/v2/accounts', { headers: auth })).status).toBe(200);
    const [row] = await h.database.sql<{ db: string }>(Prisma.sql`SELECT current_database() AS db`);
    const url = new URL(inject('databaseUrl'));
    url.pathname = `/${row?.db}`;
    const blocker = new pg.Client({ connectionString: url.toString() });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE accounts IN ACCESS EXCLUSIVE MODE');
      const answer = rawRequest(h, 'GET', '/api/v2/accounts', { headers: auth });
      // The request's statement waits on the lock; its backend is then terminated, as a shutdown does.
      const waiting = async () =>
        (
          await blocker.query(
            `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          )
        ).rows as { pid: number }[];
      await until('the request to wait on the lock', async () => (await waiting()).length > 0);
      for (const { pid } of await waiting()) await blocker.query('SELECT pg_terminate_backend($1)', [pid]);
      const refused = await answer;
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe('DATABASE_UNAVAILABLE');
      expect(refused.headers.get('retry-after')).toBe('1');
    } finally {
      await blocker.query('ROLLBACK').catch(() => {});
      await blocker.end();
    }
    await until('the pool to serve again', async () => (await rawRequest(h, 'GET', '/api/v2/accounts', { headers: auth })).status === 200);
  });
});
