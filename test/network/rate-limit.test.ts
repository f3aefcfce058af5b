import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, rawRequest, startHarness, trpcClient } from '../support/harness.js';

let h: Harness;
// The limiter's clock, moved by the tests: refill is observable and slow machines cannot refill early.
let clockMs = 0;
beforeAll(async () => {
  h = await startHarness({ app: (database) => ({ rateLimit: { perSecond: 2, burst: 5, now: () => clockMs, database } }) });
});
afterAll(async () => h?.close());

const get = (key: string, path = '/api/v2/accounts') => rawRequest(h, 'GET', path, { headers: { authorization: `APIKey ${key}` } });

describe('per-credential rate limits', () => {
  it('REST: a burst passes with RateLimit headers, the next is 429 problem+json with Retry-After', async () => {
    const ws = await workspaceFactory(h.deps);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await get(ws.apiKey));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]!.headers.get('ratelimit-policy')).toBe('"per-key";q=5;w=3');
    expect(answers[0]!.headers.get('ratelimit')).toMatch(/^"per-key";r=4;t=1$/);
    expect(answers[4]!.headers.get('ratelimit')).toBe('"per-key";r=0;t=3');
    const limited = await get(ws.apiKey);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toContain('application/problem+json');
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', status: 429, requestId: limited.headers.get('x-request-id') });
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('ratelimit')).toBe('"per-key";r=0;t=3');
    // The bucket refills at 2 per second: half a second later one request passes, the next does not.
    clockMs += 500;
    expect((await get(ws.apiKey)).status).toBe(200);
    expect((await get(ws.apiKey)).status).toBe(429);
    clockMs += 10_000;
    expect((await get(ws.apiKey)).headers.get('ratelimit')).toBe('"per-key";r=4;t=1');
  });

  it('buckets are per credential: another key and the health probes are unaffected', async () => {
    const one = await workspaceFactory(h.deps);
    const two = await workspaceFactory(h.deps);
    for (let i = 0; i < 6; i++) await get(one.apiKey);
    expect((await get(one.apiKey)).status).toBe(429);
    expect((await get(two.apiKey)).status).toBe(200);
    const health = await rawRequest(h, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get('ratelimit')).toBeNull();
  });

  it('one bucket across REST, tRPC and GraphQL; each answers 429 in its own shape', async () => {
    const ws = await workspaceFactory(h.deps);
    const auth = { authorization: `Bearer ${ws.adminToken}` };
    for (let i = 0; i < 5; i++) {
      expect((await rawRequest(h, 'GET', '/api/v2/accounts', { headers: auth })).status).toBe(200);
    }
    const rest = await rawRequest(h, 'GET', '/api/v2/accounts', { headers: auth });
    expect(rest.status).toBe(429);
    const trpc = await trpcClient(h, ws.adminToken)
      .accounts.list.query({})
      .catch((e) => e);
    expect(trpc.data).toMatchObject({ code: 'RATE_LIMITED', httpStatus: 429, trpcCode: 'TOO_MANY_REQUESTS' });
    const gql = await graphql(h, ws.adminToken, '{ __typename }');
    expect(gql.status).toBe(429);
    expect(gql.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    const raw = await fetch(`${h.baseUrl}/graphql`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"query":"{ __typename }"}',
    });
    expect(raw.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(raw.headers.get('ratelimit-policy')).toBe('"per-key";q=5;w=3');
  });

  it('a batched tRPC call gets one error per procedure', async () => {
    const ws = await workspaceFactory(h.deps);
    for (let i = 0; i < 5; i++) await get(ws.apiKey);
    const res = await fetch(`${h.baseUrl}/trpc/accounts.list,accounts.list?batch=1&input=${encodeURIComponent('{"0":{},"1":{}}')}`, {
      headers: { authorization: `APIKey ${ws.apiKey}` },
    });
    expect(res.status).toBe(429);
    const body = (await res.json()) as { error: { data: { code: string; path: string } } }[];
    expect(body.map((b) => [b.error.data.code, b.error.data.path])).toEqual([
      ['RATE_LIMITED', 'accounts.list'],
      ['RATE_LIMITED', 'accounts.list'],
    ]);
  });

  it('requests without credentials are limited by client address and still get 429 before 401', async () => {
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push((await rawRequest(h, 'GET', '/api/v2/transactions')).status);
    expect(answers.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(answers.at(-1)).toBe(429);
  });
});

describe('rate limit off switch', () => {
  it('perSecond 0 installs no limit and no headers', async () => {
    const off = await startHarness({ app: (database) => ({ rateLimit: { perSecond: 0, burst: 1, database } }) });
    try {
      const ws = await workspaceFactory(off.deps);
      for (let i = 0; i < 8; i++) {
        const r = await rawRequest(off, 'GET', '/api/v2/accounts', { headers: { authorization: `APIKey ${ws.apiKey}` } });
        expect(r.status).toBe(200);
        expect(r.headers.get('ratelimit')).toBeNull();
      }
    } finally {
      await off.close();
    }
  });
});
