import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, rawRequest, startHarness, trpcClient } from '../support/harness.js';

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
const auth = () => ({ authorization: `APIKey ${ws.apiKey}` });
const json = () => ({ ...auth(), 'content-type': 'application/json' });

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
});
afterAll(async () => h.close());

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('NUL and other unstorable characters', () => {
  it('refuses NUL in a query parameter with a field error (REST)', async () => {
    const r = await rawRequest(h, 'GET', '/api/v2/transactions?search=ab%00c', { headers: auth() });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_FAILED');
    expect(r.body.errors).toEqual([{ field: 'search', code: 'unstorable', message: 'must not contain NUL characters' }]);
  });

  it('refuses NUL in a body field with a field error and writes nothing (REST)', async () => {
    const r = await rawRequest(h, 'POST', '/api/v2/accounts', {
      headers: json(),
      body: JSON.stringify({ type: 'individual', email: 'nul@example.com', reference: 'x\u0000y' }),
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'reference', code: 'unstorable', message: 'must not contain NUL characters' }]);
    const list = await rawRequest(h, 'GET', '/api/v2/accounts?search=nul@example.com', { headers: auth() });
    expect(list.body.total).toBe(0);
  });

  it('refuses NUL in an object key', async () => {
    const r = await rawRequest(h, 'POST', '/api/v2/accounts', {
      headers: json(),
      body: JSON.stringify({ type: 'individual', email: 'k@example.com', 'a\u0000': 1 }),
    });
    expect(r.status).toBe(400);
  });

  it('refuses NUL over tRPC and GraphQL with the same field error', async () => {
    const trpc = trpcClient(h, ws.adminToken);
    const err = await trpc.transactions.list.query({ search: 'ab\u0000c' } as never).catch((e) => e);
    expect(err.data.code).toBe('VALIDATION_FAILED');
    expect(err.data.errors).toEqual([{ field: 'search', code: 'unstorable', message: 'must not contain NUL characters' }]);
    const g = await graphql(h, ws.adminToken, 'query($s: String) { transactions(filter: { search: $s }) { total } }', { s: 'ab\u0000c' });
    expect(g.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect(g.errors?.[0]?.extensions?.errors).toEqual([
      { field: 'search', code: 'unstorable', message: 'must not contain NUL characters' },
    ]);
  });
});

describe('body depth and size', () => {
  it.each([100, 2_000, 100_000])('answers %i-level nesting with a clean 400', async (levels) => {
    const r = await rawRequest(h, 'POST', '/api/v2/accounts', { headers: json(), body: nested(levels) });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('MALFORMED_REQUEST');
  });

  it('bounds nesting on /trpc and /graphql too', async () => {
    for (const path of ['/trpc/accounts.create', '/graphql']) {
      const res = await fetch(h.baseUrl + path, { method: 'POST', headers: json(), body: nested(5_000) });
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe('dates', () => {
  const list = (q: string) => rawRequest(h, 'GET', `/api/v2/transactions?${q}`, { headers: auth() });

  it.each([
    'endDate=9999-12-31',
    'startDate=9999-12-31T09:00:00Z',
    'startDate=9999-12-31T23:59:59.999Z',
    'startDate=0001-01-01',
    'startDate=0001-01-01T00:00:00%2B14:00',
    'startDate=0099-01-01&endDate=1950-01-01',
    'startDate=2025-01-01T00:00:00.1234567890123Z',
    'startDate=2016-12-31T23:59:60Z',
    'startDate=2016-12-31T23:59:60.5%2B00:00',
  ])('%s is accepted', async (q) => {
    const r = await list(q);
    expect(r.status).toBe(200);
  });

  it.each([
    'startDate=0000-01-01',
    'startDate=10000-01-01',
    'startDate=2016-12-31T23:58:60Z',
    'endDate=0000-12-31T23:59:59Z',
  ])('%s is a 400 field error', async (q) => {
    const r = await list(q);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_FAILED');
  });

  it('reads two-digit-century years literally', async () => {
    const r = await list('startDate=0099-06-01&endDate=0099-01-01');
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe('endDate');
  });
});
