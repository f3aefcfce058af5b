import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, rawRequest, startHarness, trpcClient } from '../support/harness.js';

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;

beforeAll(async () => {
  // A short statement timeout, so a blocked statement is seen failing cleanly (PostgreSQL only).
  h = await startHarness({ statementTimeoutMs: 300 });
  ws = await workspaceFactory(h.deps);
  // Warm the server (schema, parser, first connection), so timings measure the request alone.
  await graphql(h, ws.analystToken, '{ kycStatusCounts { __typename } }');
});
afterAll(async () => h.close());

const aliased = (n: number) =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: transactionStats(groupBy: [DAY, COIN]) { count amount }`).join(' ')} }`;

describe('expensive GraphQL requests are refused before they run', () => {
  it.each([3_000, 50, 10])('%i aliased transactionStats are refused in milliseconds', async (n) => {
    // The best of three, so the first call's JIT warm-up and a busy CI machine do not count.
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const r = await graphql(h, ws.analystToken, aliased(n));
      best = Math.min(best, performance.now() - started);
      expect(r.status).toBe(400);
      expect(['QUERY_TOO_COMPLEX', 'GRAPHQL_PARSE_FAILED']).toContain(r.errors?.[0]?.extensions?.code);
      expect(r.data ?? null).toBeNull();
    }
    expect(best).toBeLessThan(500);
  });

  it('still answers a few aggregates', async () => {
    const r = await graphql(h, ws.analystToken, aliased(3));
    expect(r.errors).toBeUndefined();
    expect(r.data.a0).toEqual([]);
  });
});

describe.runIf(inject('databaseUrl').startsWith('postgres'))('statement timeout (PostgreSQL)', () => {
  it('answers 503 QUERY_TIMEOUT on every protocol when a statement runs past FAS_STATEMENT_TIMEOUT_MS', async () => {
    // Another session holds the table: the API's statements wait on it until the timeout fires.
    const blocker = new pg.Client({ connectionString: await databaseUrlOf() });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE accounts IN ACCESS EXCLUSIVE MODE');
      const started = performance.now();
      const rest = await rawRequest(h, 'GET', '/api/v2/accounts', { headers: { authorization: `APIKey ${ws.apiKey}` } });
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(rest.status).toBe(503);
      expect(rest.body.code).toBe('QUERY_TIMEOUT');
      expect(rest.headers.get('retry-after')).toBe('1');
      const trpc = await trpcClient(h, ws.adminToken)
        .accounts.list.query({})
        .catch((e) => e);
      expect(trpc.data.code).toBe('QUERY_TIMEOUT');
      expect(trpc.data.httpStatus).toBe(503);
      const g = await graphql(h, ws.analystToken, '{ accounts { total } }');
      expect(g.errors?.[0]?.extensions?.code).toBe('QUERY_TIMEOUT');
    } finally {
      await blocker.query('ROLLBACK').catch(() => {});
      await blocker.end();
    }
    // Once the table is free again, the same request succeeds on the same pool.
    const after = await rawRequest(h, 'GET', '/api/v2/accounts', { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(after.status).toBe(200);
  });
});

/** The harness's own database (a fresh one per file on PostgreSQL). */
async function databaseUrlOf(): Promise<string> {
  const rows = await h.database.sql<{ db: string }>(Prisma.sql`SELECT current_database() AS db`);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${rows[0]?.db}`;
  return url.toString();
}
