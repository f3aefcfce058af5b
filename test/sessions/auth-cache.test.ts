import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../src/core/context.js';
import { createFieldCipher } from '../../src/core/crypto/field-cipher.js';
import { randomIds, systemClock } from '../../src/core/ports.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { buildApp } from '../../src/server/app.js';
import { authCacheOf } from '../../src/server/deps.js';
import { workspaceFactory } from '../factories/workspace.js';
import { fetchRetryingReset } from '../support/fetch.js';
import { type Harness, startHarness, trpcClient } from '../support/harness.js';

const get = (baseUrl: string, secret: string, path = '/api/v2/accounts') =>
  fetchRetryingReset(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${secret}` } }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });

describe('authentication cache (as `fas serve` runs it)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ authCache: true });
  });
  afterAll(() => h.close());

  it('serves a credential from memory after its first request', async () => {
    const ws = await workspaceFactory(h.deps);
    const queries = async () => {
      const before = h.queryCount();
      expect(await get(h.baseUrl, ws.apiKey)).toBe(200);
      return h.queryCount() - before;
    };
    const first = await queries();
    // The first asks who the key is and writes its "last used"; the next ones do neither.
    expect(first - (await queries())).toBe(2);
    expect(first - (await queries())).toBe(2);
  });

  it('a revoked API key is refused at once, every time', async () => {
    const ws = await workspaceFactory(h.deps);
    const admin = trpcClient(h, ws.adminToken);
    for (let i = 0; i < 10; i++) {
      const { key, apiKeyId } = await admin.apiKeys.create.mutate({ name: `k${i}` });
      expect(await get(h.baseUrl, key)).toBe(200);
      expect(await get(h.baseUrl, key)).toBe(200);
      await admin.apiKeys.revoke.mutate({ apiKeyId });
      expect(await get(h.baseUrl, key)).toBe(401);
    }
  });

  it('admin tokens revoked, admins demoted and workspaces deleted in SQL take effect at once', async () => {
    const ws = await workspaceFactory(h.deps);
    expect(await get(h.baseUrl, ws.adminToken)).toBe(200);
    expect(await get(h.baseUrl, ws.analystToken)).toBe(200);

    await h.deps.db.$executeRaw`UPDATE admins SET role = 'analyst' WHERE id = ${ws.adminId}::uuid`;
    await expect(trpcClient(h, ws.adminToken).apiKeys.create.mutate({})).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });

    await h.deps.db.$executeRaw`UPDATE admin_tokens SET revoked_at = now() WHERE admin_id = ${ws.adminId}::uuid`;
    expect(await get(h.baseUrl, ws.adminToken)).toBe(401);

    expect(await get(h.baseUrl, ws.apiKey)).toBe(200);
    await h.deps.db.$executeRaw`DELETE FROM workspaces WHERE id = ${ws.workspaceId}::uuid`;
    expect(await get(h.baseUrl, ws.apiKey)).toBe(401);
    expect(await get(h.baseUrl, ws.analystToken)).toBe(401);
  });

  it('"last used" is still written on a key first use', async () => {
    const ws = await workspaceFactory(h.deps);
    const admin = trpcClient(h, ws.adminToken);
    const { key } = await admin.apiKeys.create.mutate({ name: 'fresh' });
    expect(await get(h.baseUrl, key)).toBe(200);
    expect((await admin.apiKeys.list.query()).data[0]?.lastUsedAt).not.toBeNull();
  });
});

// Two server processes on one PostgreSQL database: each has its own pool, listener and cache.
describe.runIf(process.env.DATABASE_URL?.startsWith('postgres'))('authentication cache across processes (PostgreSQL)', () => {
  let a: Harness;
  let b: { database: Database; app: FastifyInstance; baseUrl: string; stop: () => Promise<void> };
  beforeAll(async () => {
    a = await startHarness({ authCache: true });
    const database = await openDatabase({ databaseUrl: a.databaseUrl, dataDir: '/nonexistent' });
    const deps: Deps = {
      db: database.prisma,
      sql: database.sql,
      clock: systemClock,
      ids: randomIds,
      cipher: createFieldCipher(randomBytes(32)),
      publicUrl: 'http://fas.test',
      allowInsecureWebhooks: false,
    };
    const auth = await authCacheOf(database);
    deps.authCache = auth.cache;
    const app = await buildApp({ deps, ping: database.ping, logLevel: false, graphiql: false, bodyLimitBytes: 1 << 20 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    b = { database, app, baseUrl, stop: auth.stop };
  });
  afterAll(async () => {
    await b.app.close();
    await b.stop();
    await b.database.close();
    await a.close();
  });

  it('an API key revoked through one process is refused by the other at once', async () => {
    const ws = await workspaceFactory(a.deps);
    const admin = trpcClient(a, ws.adminToken);
    for (let i = 0; i < 20; i++) {
      const { key, apiKeyId } = await admin.apiKeys.create.mutate({ name: `k${i}` });
      expect(await get(b.baseUrl, key)).toBe(200);
      expect(await get(b.baseUrl, key)).toBe(200); // now cached by B
      await admin.apiKeys.revoke.mutate({ apiKeyId });
      expect(await get(b.baseUrl, key)).toBe(401);
      expect(await get(a.baseUrl, key)).toBe(401);
    }
  });

  it('an admin token revoked by an operator in SQL is refused by both at once', async () => {
    const ws = await workspaceFactory(a.deps);
    const operator = new pg.Client({ connectionString: a.databaseUrl });
    await operator.connect();
    try {
      expect(await get(a.baseUrl, ws.adminToken)).toBe(200);
      expect(await get(b.baseUrl, ws.adminToken)).toBe(200);
      expect(await get(b.baseUrl, ws.adminToken)).toBe(200);
      await operator.query('UPDATE admin_tokens SET revoked_at = now() WHERE admin_id = $1', [ws.adminId]);
      expect(await get(b.baseUrl, ws.adminToken)).toBe(401);
      expect(await get(a.baseUrl, ws.adminToken)).toBe(401);
    } finally {
      await operator.end();
    }
  });

  it('after losing its listening connection, a process asks the database again', async () => {
    const ws = await workspaceFactory(a.deps);
    expect(await get(b.baseUrl, ws.apiKey)).toBe(200);
    const operator = new pg.Client({ connectionString: a.databaseUrl });
    await operator.connect();
    try {
      // Cut every listener (both processes'); a revocation committed meanwhile is never notified.
      await operator.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN %'`,
      );
      await operator.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [ws.apiKeyId]);
      expect(await get(b.baseUrl, ws.apiKey)).toBe(401);
      expect(await get(a.baseUrl, ws.apiKey)).toBe(401);
    } finally {
      await operator.end();
    }
  });
});
