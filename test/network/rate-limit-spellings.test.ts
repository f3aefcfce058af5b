import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';

let h: Harness;
// The limiter's clock, moved by the tests: every spelling starts on full buckets, nothing refills meanwhile.
let clockMs = 0;
const API = { perSecond: 1, burst: 3 };
const PAGES = { perSecond: 1, burst: 2 };
beforeAll(async () => {
  h = await startHarness({ app: (database) => ({ rateLimit: { ...API, pages: PAGES, now: () => clockMs, database } }) });
});
afterAll(async () => h?.close());

interface Answer {
  status: number;
  policy: string | undefined;
  limit: string | undefined;
  retryAfter: string | undefined;
}

/** The request target exactly as written (fetch and URL would normalise it first). */
function send(target: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const url = new URL(h.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: target, method: opts.method ?? 'GET', headers: opts.headers },
      (res) => {
        res.resume();
        res.on('end', () => {
          const header = (name: string) => res.headers[name] as string | undefined;
          resolve({
            status: res.statusCode ?? 0,
            policy: header('ratelimit-policy'),
            limit: header('ratelimit'),
            retryAfter: header('retry-after'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const hex = (c: string, upper: boolean) => {
  const code = c.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? code.toUpperCase() : code}`;
};

/**
 * Percent-encoded spellings of a path segment: every subset of its characters encoded for short
 * words (every single character, every adjacent pair and the whole word for long ones), in lower,
 * upper and mixed hex.
 */
function spellings(word: string): string[] {
  const n = word.length;
  const masks: number[] = [];
  if (n <= 6) {
    for (let m = 1; m < 1 << n; m++) masks.push(m);
  } else {
    for (let i = 0; i < n; i++) masks.push(1 << i);
    for (let i = 0; i + 1 < n; i++) masks.push(3 << i);
    masks.push((1 << n) - 1);
  }
  const out = new Set<string>();
  for (const mask of masks) {
    for (const casing of ['lower', 'upper', 'mixed'] as const) {
      out.add([...word].map((c, i) => (mask & (1 << i) ? hex(c, casing === 'upper' || (casing === 'mixed' && i % 2 === 1)) : c)).join(''));
    }
  }
  return [...out];
}

/** The answers to `count` requests on full buckets (the clock moves a minute first). */
async function round(count: number, make: () => Promise<Answer>): Promise<Answer[]> {
  clockMs += 60_000;
  const answers: Answer[] = [];
  for (let i = 0; i < count; i++) answers.push(await make());
  return answers;
}

/** What must match between spellings: statuses and the limiter's headers. */
const shape = (answers: Answer[]) => answers.map((a) => [a.status, a.policy, a.limit, a.retryAfter]);

describe('no spelling of a limited path escapes its limit', () => {
  it('REST: every encoding of `api` is limited exactly as /api (per key and per address)', async () => {
    const ws = await workspaceFactory(h.deps);
    const auth = { authorization: `APIKey ${ws.apiKey}` };
    const plain = await round(4, () => send('/api/v2/accounts', { headers: auth }));
    expect(plain.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(plain[0]?.policy).toBe('"per-key";q=3;w=3');
    const anonymous = await round(4, () => send('/api/v2/accounts', { headers: { authorization: 'APIKey nope' } }));
    expect(anonymous.map((a) => a.status)).toEqual([401, 401, 401, 429]);
    const words = spellings('api');
    expect(words.length).toBe(7);
    for (const word of words) {
      const target = `/${word}/v2/accounts`;
      expect(shape(await round(4, () => send(target, { headers: auth }))), target).toEqual(shape(plain));
      // Bad credentials on the encoded path pay the address's bucket, as on the plain one.
      expect(shape(await round(4, () => send(target, { headers: { authorization: 'APIKey nope' } }))), target).toEqual(shape(anonymous));
    }
  });

  it('tRPC: every encoding of `trpc` (and of the batch comma) pays per procedure', async () => {
    const ws = await workspaceFactory(h.deps);
    const auth = { authorization: `APIKey ${ws.apiKey}` };
    const input = encodeURIComponent('{"0":{},"1":{},"2":{}}');
    const batch = (prefix: string, comma = ',') =>
      `/${prefix}/accounts.list${comma}accounts.list${comma}accounts.list?batch=1&input=${input}`;
    const plain = await round(2, () => send(batch('trpc'), { headers: auth }));
    expect(plain.map((a) => a.status)).toEqual([200, 429]);
    expect(plain[0]?.limit).toBe('"per-key";r=0;t=3');
    for (const word of spellings('trpc')) {
      expect(shape(await round(2, () => send(batch(word), { headers: auth }))), word).toEqual(shape(plain));
    }
    for (const comma of ['%2C', '%2c']) {
      expect(shape(await round(2, () => send(batch('%74rpc', comma), { headers: auth }))), comma).toEqual(shape(plain));
    }
  });

  it('GraphQL: every encoding of `graphql` is limited as /graphql', async () => {
    const ws = await workspaceFactory(h.deps);
    const post = (target: string) =>
      send(target, {
        method: 'POST',
        headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
        body: '{"query":"{ __typename }"}',
      });
    const plain = await round(4, () => post('/graphql'));
    expect(plain.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    // graphql-yoga answers 404 to an endpoint spelt otherwise; the limiter counts it all the same.
    const limits = (answers: Answer[]) => answers.map((a) => [a.status === 429, a.policy, a.limit, a.retryAfter]);
    for (const word of spellings('graphql')) {
      expect(limits(await round(4, () => post(`/${word}`))), word).toEqual(limits(plain));
    }
  });

  it('pages: every encoding of `dashboard` and `verify` pays the address bucket, as the plain path', async () => {
    const targets: [string, (word: string) => string][] = [
      ['dashboard', (w) => `/${w}/kyc/${'0'.repeat(8)}/documents/${'0'.repeat(8)}/content`],
      ['verify', (w) => `/${w}/${'a'.repeat(43)}`],
    ];
    for (const [word, target] of targets) {
      // A bogus session and an unknown link: refused by the route, limited before it.
      const headers = { cookie: 'fas_session=bogus', accept: 'application/json' };
      const plain = await round(3, () => send(target(word), { headers }));
      expect(plain.map((a) => a.status)).toEqual(word === 'verify' ? [404, 404, 429] : [401, 401, 429]);
      expect(plain[0]?.policy).toBe('"pages";q=2;w=2');
      for (const spelt of spellings(word)) {
        expect(shape(await round(3, () => send(target(spelt), { headers }))), spelt).toEqual(shape(plain));
      }
    }
  });

  it('slashes, dot segments and case that no route matches are limited too, never free', async () => {
    const ws = await workspaceFactory(h.deps);
    const auth = { authorization: `APIKey ${ws.apiKey}` };
    // The router answers 404 to these; the limiter reads them as the path they normalise to.
    for (const target of ['//api/v2/accounts', '/./api/v2/accounts', '/x/../api/v2/accounts', '/api//v2/accounts']) {
      const answers = await round(4, () => send(target, { headers: auth }));
      expect(
        answers.map((a) => a.status),
        target,
      ).toEqual([404, 404, 404, 429]);
      expect(
        answers.every((a) => a.policy !== undefined),
        target,
      ).toBe(true);
    }
    // Upper case and a double encoding are other paths (404): the address's page bucket pays for them.
    for (const target of ['/API/v2/accounts', '/%2561pi/v2/accounts']) {
      const answers = await round(3, () => send(target, { headers: auth }));
      expect(
        answers.map((a) => [a.status, a.policy]),
        target,
      ).toEqual([
        [404, '"pages";q=2;w=2'],
        [404, '"pages";q=2;w=2'],
        [429, '"pages";q=2;w=2'],
      ]);
    }
  });

  it('health probes are never limited', async () => {
    const answers = await round(6, () => send('/healthz'));
    expect(answers.map((a) => [a.status, a.policy])).toEqual(Array(6).fill([200, undefined]));
  });
});
