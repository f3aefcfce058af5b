import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';

let h: Harness;
// The limiter's clock, moved by the tests: each test starts with full buckets (clockMs += 60 s).
let clockMs = 0;
beforeAll(async () => {
  h = await startHarness({ app: (database) => ({ rateLimit: { perSecond: 2, burst: 5, now: () => clockMs, database } }) });
});
afterAll(async () => h?.close());

const accounts = (authorization: string) => rawRequest(h, 'GET', '/api/v2/accounts', { headers: { authorization } });
const gql = (authorization: string, query: string) =>
  fetch(`${h.baseUrl}/graphql`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify({ query }),
  });

describe('the rate limit is keyed on who calls, not on how the header is spelt', () => {
  it('scheme words and whitespace variations of one key share one bucket', async () => {
    clockMs += 60_000;
    const ws = await workspaceFactory(h.deps);
    const forms = [`APIKey ${ws.apiKey}`, `Bearer ${ws.apiKey}`, `apikey  ${ws.apiKey}`, `BEARER\t${ws.apiKey}`, `bearer ${ws.apiKey}\t`];
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await accounts(forms[i % forms.length] as string)).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // Another key of the same workspace has a bucket of its own.
    const admin = await accounts(`Bearer ${ws.adminToken}`);
    expect(admin.status).toBe(200);
    expect(admin.headers.get('ratelimit')).toBe('"per-key";r=4;t=1');
  });

  it('a new garbage credential per request does not escape the address limit; a valid key is refunded on the address', async () => {
    clockMs += 60_000;
    const ws = await workspaceFactory(h.deps);
    // Valid requests do not drain the address: 8 of them leave it full for what follows.
    for (let i = 0; i < 8; i++) expect((await accounts(`APIKey ${ws.apiKey}`)).status).toBe(i < 5 ? 200 : 429);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const garbage = i % 2 ? `APIKey fas_sk_${String(i).padStart(32, 'x')}` : `Bearer junk-${i}-${Math.random()}`;
      const r = await accounts(garbage);
      statuses.push(r.status);
      if (r.status === 429) expect(r.headers.get('ratelimit-policy')).toBe('"per-address";q=5;w=3');
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // A credential this process knows (authenticated recently) is told at once and does not need the
    // drained address; one it must look up pays the address first, so it waits like the garbage.
    clockMs += 1000;
    const known = await accounts(`APIKey ${ws.apiKey}`);
    expect(known.status).toBe(200);
    expect(known.headers.get('ratelimit-policy')).toBe('"per-key";q=5;w=3');
    for (let i = 0; i < 2; i++) await accounts('Bearer more-garbage');
    const unknown = await accounts(`Bearer ${ws.adminToken}`);
    expect(unknown.status).toBe(429);
    expect(unknown.headers.get('ratelimit-policy')).toBe('"per-address";q=5;w=3');
  });
});

describe('a person has one bucket, by token or by dashboard session', () => {
  it('the admin token and the session signed in with it spend the same bucket', async () => {
    clockMs += 60_000;
    const ws = await workspaceFactory(h.deps);
    const signIn = await fetch(`${h.baseUrl}/trpc/session.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fas-csrf': '1', origin: h.baseUrl },
      body: JSON.stringify({ token: ws.adminToken }),
    });
    expect(signIn.status).toBe(200);
    const cookie = /fas_session=[^;]*/.exec(signIn.headers.get('set-cookie') ?? '')?.[0] ?? '';
    clockMs += 60_000;
    expect((await accounts(`Bearer ${ws.adminToken}`)).headers.get('ratelimit')).toBe('"per-key";r=4;t=1');
    const viaCookie = await fetch(`${h.baseUrl}/trpc/accounts.list?input=%7B%7D`, { headers: { cookie } });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.headers.get('ratelimit')).toBe('"per-key";r=3;t=1');
    for (let i = 0; i < 3; i++) expect((await accounts(`APIKey ${ws.adminToken}`)).status).toBe(200);
    expect((await fetch(`${h.baseUrl}/trpc/accounts.list?input=%7B%7D`, { headers: { cookie } })).status).toBe(429);
  });
});

describe('requests pay for what they cost', () => {
  it('a batched tRPC request spends one token per procedure and says so', async () => {
    clockMs += 60_000;
    const ws = await workspaceFactory(h.deps);
    const input = encodeURIComponent(JSON.stringify({ 0: {}, 1: {}, 2: {} }));
    const batch = await fetch(`${h.baseUrl}/trpc/accounts.list,accounts.list,accounts.list?batch=1&input=${input}`, {
      headers: { authorization: `APIKey ${ws.apiKey}` },
    });
    expect(batch.status).toBe(200);
    expect(batch.headers.get('ratelimit-cost')).toBe('3');
    expect(batch.headers.get('ratelimit')).toBe('"per-key";r=2;t=2');
    const again = await fetch(`${h.baseUrl}/trpc/accounts.list,accounts.list,accounts.list?batch=1&input=${input}`, {
      headers: { authorization: `APIKey ${ws.apiKey}` },
    });
    expect(again.status).toBe(429);
    expect((await accounts(`APIKey ${ws.apiKey}`)).status).toBe(200);
    // An encoded comma separates procedures as well (the router decodes the path).
    clockMs += 60_000;
    const encoded = await fetch(`${h.baseUrl}/trpc/accounts.list%2Caccounts.list%2caccounts.list?batch=1&input=${input}`, {
      headers: { authorization: `APIKey ${ws.apiKey}` },
    });
    expect(encoded.status).toBe(200);
    expect(encoded.headers.get('ratelimit-cost')).toBe('3');
  });

  it('GraphQL spends 1 + cost/1000 tokens: a page of 1,000 transactions with one field (cost 2,001) spends 3', async () => {
    clockMs += 60_000;
    const ws = await workspaceFactory(h.deps);
    const auth = `Bearer ${ws.apiKey}`;
    const cheap = await gql(auth, '{ accounts(limit: 1) { total } }');
    expect(cheap.status).toBe(200);
    expect(cheap.headers.get('ratelimit-cost')).toBe('1');
    const page = await gql(auth, '{ transactions(limit: 1000) { data { accountId } } }');
    expect(page.status).toBe(200);
    expect(page.headers.get('ratelimit-cost')).toBe('3');
    expect(page.headers.get('ratelimit')).toBe('"per-key";r=1;t=2');
    const refused = await gql(auth, '{ transactions(limit: 1000) { data { accountId } } }');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    const body = (await refused.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0]?.extensions.code).toBe('RATE_LIMITED');
  });

  it('an aggregate costs a full bucket at most, and another caller is unaffected', async () => {
    clockMs += 60_000;
    const ws = await workspaceFactory(h.deps);
    const other = await workspaceFactory(h.deps);
    const stats = '{ a: transactionStats(groupBy: [COIN]) { count } b: transactionStats(groupBy: [STATUS]) { count } }';
    const first = await gql(`Bearer ${ws.adminToken}`, stats);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-cost')).toBe('5');
    expect((await gql(`Bearer ${ws.adminToken}`, stats)).status).toBe(429);
    expect((await gql(`Bearer ${other.adminToken}`, '{ accounts { total } }')).status).toBe(200);
  });
});
