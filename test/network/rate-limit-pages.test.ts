import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { DEFAULTS } from '../../src/defaults.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';

let h: Harness;
// The limiter's clock, moved by the tests: each test starts on full buckets.
let clockMs = 0;
beforeAll(async () => {
  h = await startHarness({
    app: (database) => ({ rateLimit: { perSecond: 50, burst: 100, pages: { perSecond: 1, burst: 3 }, now: () => clockMs, database } }),
  });
});
afterAll(async () => h?.close());

const unknownLink = () => `/verify/${'x'.repeat(20)}${Math.random().toString(36).slice(2)}`;

/** GET from another loopback address (127.0.0.2): another client as far as the server can tell. */
function getFrom(localAddress: string, path: string): Promise<{ status: number; policy: string | undefined }> {
  const url = new URL(h.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, localAddress }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, policy: res.headers['ratelimit-policy'] as string | undefined }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('pages outside the API are limited per client address', () => {
  it('holder pages: a flood of random links gets 429 RATE_LIMITED problem+json with Retry-After (contract-checked)', async () => {
    clockMs += 60_000;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await rawRequest(h, 'GET', unknownLink(), { headers: { accept: 'text/html' } }));
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 429]);
    expect(answers[0]?.headers.get('ratelimit-policy')).toBe('"pages";q=3;w=3');
    expect(answers[2]?.headers.get('ratelimit')).toBe('"pages";r=0;t=3');
    const limited = answers[3];
    expect(limited?.headers.get('content-type')).toContain('application/problem+json');
    expect(limited?.headers.get('retry-after')).toBe('1');
    expect(limited?.body).toMatchObject({ code: 'RATE_LIMITED', status: 429, requestId: limited?.headers.get('x-request-id') });
    // A second later one token is back: one page, then 429 again.
    clockMs += 1000;
    expect((await rawRequest(h, 'GET', unknownLink())).status).toBe(404);
    expect((await rawRequest(h, 'GET', unknownLink())).status).toBe(429);
  });

  it('dashboard routes with a bogus session, the docs and unknown paths share the address bucket; the API does not', async () => {
    clockMs += 60_000;
    const cookie = { cookie: 'fas_session=bogus' };
    const document = '/dashboard/kyc/00000000/documents/00000000/content';
    expect((await rawRequest(h, 'GET', document, { headers: cookie })).status).toBe(401);
    expect((await rawRequest(h, 'GET', '/docs')).status).toBe(200);
    expect((await rawRequest(h, 'GET', '/no/such/page')).status).toBe(404);
    expect((await rawRequest(h, 'GET', document, { headers: cookie })).status).toBe(429);
    expect((await rawRequest(h, 'GET', '/workspace-logos/00')).status).toBe(429);
    // The API's buckets are others: an unauthenticated API call is still answered (401), per address.
    const api = await rawRequest(h, 'GET', '/api/v2/accounts');
    expect(api.status).toBe(401);
    expect(api.headers.get('ratelimit-policy')).toBe('"per-address";q=100;w=2');
    // Probes are never limited.
    expect((await rawRequest(h, 'GET', '/healthz')).status).toBe(200);
    expect((await rawRequest(h, 'GET', '/readyz')).status).toBe(200);
  });

  it('one address flooding does not hold up another', async () => {
    clockMs += 60_000;
    for (let i = 0; i < 3; i++) expect((await getFrom('127.0.0.1', unknownLink())).status).toBe(404);
    expect((await getFrom('127.0.0.1', unknownLink())).status).toBe(429);
    const other = await getFrom('127.0.0.2', unknownLink());
    expect(other).toEqual({ status: 404, policy: '"pages";q=3;w=3' });
  });
});

describe('page limit configuration', () => {
  it('defaults to 10 per second with a burst of 100; FAS_PAGE_RATE_LIMIT_* override it, 0 turns it off', () => {
    expect(loadConfig({} as NodeJS.ProcessEnv).rateLimit.pages).toEqual({ perSecond: 10, burst: 100 });
    expect(DEFAULTS.pageRateLimit).toEqual({ perSecond: 10, burst: 100 });
    const env = { FAS_PAGE_RATE_LIMIT_PER_SECOND: '0', FAS_PAGE_RATE_LIMIT_BURST: '7' } as unknown as NodeJS.ProcessEnv;
    expect(loadConfig(env).rateLimit.pages).toEqual({ perSecond: 0, burst: 7 });
    expect(() => loadConfig({ FAS_PAGE_RATE_LIMIT_BURST: '0' } as unknown as NodeJS.ProcessEnv)).toThrow(/FAS_PAGE_RATE_LIMIT_BURST/);
  });

  it('a page limit of 0 installs no page limit, the API limit stays', async () => {
    const off = await startHarness({
      database: h.database,
      app: (database) => ({ rateLimit: { perSecond: 50, burst: 100, pages: { perSecond: 0, burst: 1 }, database } }),
    });
    try {
      for (let i = 0; i < 5; i++) {
        const r = await rawRequest(off, 'GET', unknownLink());
        expect(r.status).toBe(404);
        expect(r.headers.get('ratelimit')).toBeNull();
      }
      expect((await rawRequest(off, 'GET', '/api/v2/accounts')).headers.get('ratelimit-policy')).toBe('"per-address";q=100;w=2');
    } finally {
      await off.close();
    }
  });
});
