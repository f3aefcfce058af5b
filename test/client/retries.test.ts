import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FasApiError, FasNetworkError, type RetryInfo, type RetryOptions, unwrap } from '../../packages/client/src/index.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Fault, startFaultProxy } from '../support/fault-proxy.js';
import { type Harness, restClient, startHarness } from '../support/harness.js';

// @fas-gateway/client against a real proxy that loses answers, resets connections and answers
// 429/503 in front of a real server: what the server ends up holding is counted in its database.
let h: Harness;
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
beforeAll(async () => {
  h = await startHarness();
  proxy = await startFaultProxy(h.baseUrl);
  ws = await workspaceFactory(h.deps);
});
afterAll(async () => {
  await proxy?.close();
  await h?.close();
});

/** The client as an integrator configures it, through the proxy; every final answer is checked against openapi.yaml. */
function client(retry: RetryOptions | false, extra: { idempotencyKeys?: boolean; baseUrl?: string } = {}) {
  const retries: RetryInfo[] = [];
  const fas = restClient(h, ws.apiKey, {
    baseUrl: extra.baseUrl ?? proxy.url,
    // The plain fetch: the suite's usual one resends after a reset, which is what is tested here.
    fetch: (request) => fetch(request),
    retry: retry && { ...retry, onRetry: (info) => void retries.push(info) },
    idempotencyKeys: extra.idempotencyKeys,
  });
  return { fas, retries };
}

const accountsWith = (email: string) => h.deps.db.account.count({ where: { workspaceId: ws.workspaceId, email } });
const lost503: Fault = { forward: true, answer: { status: 503, retryAfter: '1' } };
const keysSeen = () => proxy.requests.map((r) => r.headers['idempotency-key']);

describe('@fas-gateway/client retries', () => {
  it('a create whose answer is lost in a 503 (Retry-After: 1) is retried after 1 s and done once', async () => {
    proxy.plan([lost503, { forward: true, answer: 'pass' }]);
    const { fas, retries } = client({});
    const email = 'retry-503@example.com';
    const created = await fas.POST('/api/v2/accounts', { body: { type: 'individual', email } });
    expect(created.response.status).toBe(201);
    expect(created.data?.email).toBe(email);
    // The second attempt carried the same key, so the server answered the first one's result again.
    expect(created.response.headers.get('idempotent-replayed')).toBe('true');
    expect(await accountsWith(email)).toBe(1);
    expect(proxy.requests).toHaveLength(2);
    const [key] = keysSeen();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(keysSeen()).toEqual([key, key]);
    const [first, second] = proxy.requests;
    expect(second!.arrivedAt - first!.doneAt).toBeGreaterThanOrEqual(1000);
    expect(retries).toEqual([
      expect.objectContaining({ method: 'POST', attempt: 1, status: 503, retryAfterMs: 1000, idempotencyKey: key }),
    ]);
    expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(1000);
  });

  it('the same with a connection reset in between: three attempts, one key, one account', async () => {
    proxy.plan([{ forward: true, answer: 'reset' }, lost503, { forward: true, answer: 'pass' }]);
    const { fas, retries } = client({ baseDelayMs: 50 });
    const email = 'retry-reset@example.com';
    const created = await fas.POST('/api/v2/accounts', { body: { type: 'individual', email } });
    expect(created.response.status).toBe(201);
    expect(await accountsWith(email)).toBe(1);
    expect(proxy.requests).toHaveLength(3);
    expect(new Set(keysSeen()).size).toBe(1);
    expect(retries.map((r) => [r.attempt, r.status ?? 'network'])).toEqual([
      [1, 'network'],
      [2, 503],
    ]);
    expect(proxy.requests[2]!.arrivedAt - proxy.requests[1]!.doneAt).toBeGreaterThanOrEqual(1000);
  });

  it('honours a 429 Retry-After given as an HTTP-date, and retries GETs after a reset', async () => {
    const at = new Date(Date.now() + 2000).toUTCString();
    proxy.plan([
      { forward: false, answer: { status: 429, retryAfter: at } },
      { forward: false, answer: 'reset' },
      { forward: true, answer: 'pass' },
    ]);
    const { fas, retries } = client({ baseDelayMs: 50 });
    const listed = await fas.GET('/api/v2/accounts', { params: { query: { limit: 1 } } });
    expect(listed.response.status).toBe(200);
    expect(proxy.requests).toHaveLength(3);
    expect(proxy.requests[1]!.arrivedAt).toBeGreaterThanOrEqual(Date.parse(at));
    expect(retries.map((r) => r.status ?? 'network')).toEqual([429, 'network']);
    expect(proxy.requests[0]!.headers['idempotency-key']).toBeUndefined();
  });

  it('does not retry a client error, and hands it over as a typed error', async () => {
    proxy.plan([]);
    const { fas, retries } = client({ baseDelayMs: 50 });
    const bad = await fas.POST('/api/v2/accounts', { body: { type: 'individual', email: 'not-an-email' } });
    expect(bad.response.status).toBe(400);
    const missing = await fas.GET('/api/v2/accounts/{accountId}', { params: { path: { accountId: crypto.randomUUID() } } });
    expect(missing.response.status).toBe(404);
    expect(proxy.requests).toHaveLength(2);
    expect(retries).toEqual([]);
    const error = (() => {
      try {
        unwrap(bad);
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(FasApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'email', code: 'invalid_format', params: { format: 'email' }, message: 'must be a valid email address' }],
      requestId: bad.response.headers.get('x-request-id'),
    });
  });

  it('retry: false sends once and returns the 503, whose Retry-After the typed error carries', async () => {
    proxy.plan([{ forward: false, answer: { status: 503, retryAfter: '1' } }]);
    const { fas, retries } = client(false);
    const shed = await fas.GET('/api/v2/accounts');
    expect(shed.response.status).toBe(503);
    expect(proxy.requests).toHaveLength(1);
    expect(retries).toEqual([]);
    expect(FasApiError.from(shed)).toMatchObject({ status: 503, code: 'OVERLOADED', retryAfter: 1 });
  });

  it('returns at once an answer whose Retry-After is longer than the longest wait allowed', async () => {
    proxy.plan([{ forward: false, answer: { status: 503, retryAfter: '60' } }]);
    const { fas, retries } = client({ maxDelayMs: 5000 });
    const started = Date.now();
    const shed = await fas.GET('/api/v2/accounts');
    expect(shed.response.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(30_000); // not the 60 s asked for
    expect(proxy.requests).toHaveLength(1);
    expect(retries).toEqual([]);
  });

  it('without idempotency keys, a POST that may have reached the server is never sent again', async () => {
    const { fas, retries } = client({ baseDelayMs: 50 }, { idempotencyKeys: false });
    const email = 'no-key@example.com';
    proxy.plan([{ forward: true, answer: 'reset' }]);
    const reset = await fas.POST('/api/v2/accounts', { body: { type: 'individual', email } }).catch((err: unknown) => err);
    expect(reset).toBeInstanceOf(FasNetworkError);
    expect(reset).toMatchObject({ attempts: 1, method: 'POST' });
    proxy.plan([{ forward: false, answer: { status: 503, retryAfter: '1' } }]);
    const shed = await fas.POST('/api/v2/accounts', { body: { type: 'individual', email } });
    expect(shed.response.status).toBe(503);
    expect(proxy.requests).toHaveLength(1);
    expect(proxy.requests[0]!.headers['idempotency-key']).toBeUndefined();
    expect(retries).toEqual([]);
    // The server did create the account of the reset request: a retry would have made a second.
    expect(await accountsWith(email)).toBe(1);
  });

  it('a key given with the call is kept on every attempt', async () => {
    proxy.plan([lost503]);
    const { fas } = client({ baseDelayMs: 50 });
    const key = `mine-${crypto.randomUUID()}`;
    const email = 'own-key@example.com';
    const created = await fas.POST('/api/v2/accounts', {
      params: { header: { 'Idempotency-Key': key } },
      body: { type: 'individual', email },
    });
    expect(created.response.status).toBe(201);
    expect(keysSeen()).toEqual([key, key]);
    expect(await accountsWith(email)).toBe(1);
  });

  it('retries a refused connection even for a POST without a key, then gives up with a network error', async () => {
    // A port nobody listens on: taken, then released.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const { fas, retries } = client({ attempts: 2, baseDelayMs: 20 }, { idempotencyKeys: false, baseUrl: `http://127.0.0.1:${port}` });
    const failed = await fas.POST('/api/v2/accounts', { body: { type: 'individual', email: 'refused@example.com' } }).catch((e) => e);
    expect(failed).toBeInstanceOf(FasNetworkError);
    expect(failed.attempts).toBe(2);
    expect(failed.message).toMatch(/ECONNREFUSED/);
    expect(retries).toHaveLength(1);
  });
});
