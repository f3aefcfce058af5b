import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';

const LISTED = 'https://dashboard.example.com';
let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    app: () => ({ corsOrigins: [LISTED], hsts: true, timeouts: { headersMs: 1000, requestMs: 2000, keepAliveMs: 500 } }),
  });
});
afterAll(async () => h?.close());

const API_CSP = "default-src 'none'; form-action 'none'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'";

describe('security headers', () => {
  it.each([
    ['GET', '/healthz', 200],
    ['GET', '/openapi.yaml', 200],
    ['GET', '/api/v2/accounts', 401],
    ['GET', '/no/such/route', 404],
    ['GET', '/.well-known/jwks.json', 200],
  ])('%s %s (%i) carries them', async (method, path, status) => {
    const r = await rawRequest(h, method, path);
    expect(r.status).toBe(status);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(r.headers.get('content-security-policy')).toBe(API_CSP);
    expect(r.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('tRPC and GraphQL answers carry them too', async () => {
    const ws = await workspaceFactory(h.deps);
    for (const res of [
      await fetch(`${h.baseUrl}/trpc/accounts.list`, { headers: { authorization: `APIKey ${ws.apiKey}` } }),
      await fetch(`${h.baseUrl}/graphql`, {
        method: 'POST',
        headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
        body: '{"query":"{ __typename }"}',
      }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe(API_CSP);
    }
  });

  it('no HSTS when the public URL is http (the default)', async () => {
    const plain = await startHarness({ database: h.database });
    try {
      expect((await rawRequest(plain, 'GET', '/healthz')).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe('CORS', () => {
  const graphqlFrom = (origin: string) =>
    fetch(`${h.baseUrl}/graphql`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: '{"query":"{ __typename }"}',
    });

  it('an unlisted origin gets no CORS header, least of all credentials', async () => {
    const res = await graphqlFrom('https://evil.example');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const rest = await rawRequest(h, 'GET', '/api/v2/accounts', { headers: { origin: 'https://evil.example' } });
    expect(rest.headers.get('access-control-allow-origin')).toBeNull();
    // A preflight from it is answered without any permission.
    const pre = await fetch(`${h.baseUrl}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(pre.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('a listed origin gets its own origin back, exposed headers and a preflight, never credentials', async () => {
    const res = await graphqlFrom(LISTED);
    expect(res.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('vary')).toContain('Origin');
    expect(res.headers.get('access-control-expose-headers')).toContain('x-request-id');
    const pre = await fetch(`${h.baseUrl}/api/v2/accounts`, {
      method: 'OPTIONS',
      headers: { origin: LISTED, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('by default no origin is listed, /graphql included', async () => {
    const plain = await startHarness({ database: h.database });
    try {
      const res = await fetch(`${plain.baseUrl}/graphql`, {
        method: 'POST',
        headers: { origin: LISTED, 'content-type': 'application/json' },
        body: '{"query":"{ __typename }"}',
      });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

/** Opens a raw connection, runs `drive` on it, resolves with what came back and when it closed. */
function rawConnection(drive: (write: (s: string) => void) => void): Promise<{ data: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const url = new URL(h.baseUrl);
    const socket = connect(Number(url.port), url.hostname);
    let data = '';
    socket.on('data', (d) => {
      data += d.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      resolve({ data, closedAfterMs: performance.now() - started });
    });
    socket.on('connect', () =>
      drive((s) => {
        if (!socket.destroyed) socket.write(s);
      }),
    );
    // Bounded: whatever happens, the test's socket is gone after 10 s.
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}

describe('slow clients', () => {
  it('a client sending its headers a byte at a time is cut off at the header timeout', async () => {
    const header =
      'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n';
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    const result = await rawConnection((write) => {
      timer = setInterval(() => write(header[i++] ?? ''), 100);
    });
    clearInterval(timer);
    // 1 s header timeout, checked every 250 ms: closed well before the ~10 s the headers would take.
    expect(result.closedAfterMs).toBeLessThan(2500);
    expect(result.closedAfterMs).toBeGreaterThan(900);
    expect(result.data).toMatch(/^HTTP\/1\.1 408/);
  });

  it('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const result = await rawConnection((write) => write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(result.data).toMatch(/^HTTP\/1\.1 200/);
    expect(result.data.toLowerCase()).toContain('keep-alive: timeout=');
    expect(result.closedAfterMs).toBeLessThan(2000);
  });

  it('a body that never completes is cut off at the request timeout', async () => {
    const result = await rawConnection((write) =>
      write('POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":'),
    );
    expect(result.closedAfterMs).toBeLessThan(4000);
    expect(result.closedAfterMs).toBeGreaterThan(1900);
    expect(result.data).toMatch(/^HTTP\/1\.1 408/);
  });
});
