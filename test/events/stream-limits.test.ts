import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { contractViolations } from '../support/contract.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';
import { until } from '../support/until.js';

// Open streams are long-lived by design: they must outlive the slow-client request timeout, and
// must not count as work in flight for the load shedder (or a few `fas listen` would shed the API).
let h: Harness;
const REQUEST_MS = 3000;
beforeAll(async () => {
  h = await startHarness({
    app: () => ({
      timeouts: { headersMs: 2000, requestMs: REQUEST_MS, keepAliveMs: 5000 },
      // Shed as soon as one request beyond the single connection is in flight.
      shedding: {
        eventLoopDelayMs: 0,
        heapUsedRatio: 0,
        dbWaiters: 1,
        queueWaitMs: 0,
        oldestWaitMs: () => 0,
        waiting: () => 0,
        connections: 1,
      },
    }),
  });
});
afterAll(async () => h?.close());

describe('an open event stream', () => {
  it('outlives the request timeout and is not counted by the load shedder', async () => {
    const ws = await workspaceFactory(h.deps);
    // The first request compiles the contract's validators (CPU-bound: seconds on a shared CPU), during
    // which other requests would time out in their headers: warm up first.
    expect((await rawRequest(h, 'GET', '/api/v2/events', { headers: { authorization: `APIKey ${ws.apiKey}` } })).status).toBe(200);
    const controllers = [new AbortController(), new AbortController(), new AbortController()];
    const received: string[] = [];
    let open = 0;
    const streams = controllers.map(async (c, i) => {
      const res = await fetch(`${h.baseUrl}/api/v2/events/stream`, { headers: { authorization: `APIKey ${ws.apiKey}` }, signal: c.signal });
      expect(res.status).toBe(200);
      open++;
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          if (decoder.decode(value).includes('event: account_created')) received.push(`stream ${i}`);
        }
      } catch {}
    });
    try {
      // Three streams open, past the request timeout: a request opened after them whose body never
      // ends is cut by that timeout, so when its connection closes the streams are older than it.
      await until('three streams open', () => open === 3);
      const { port } = new URL(h.baseUrl);
      const slow = net.connect(Number(port), '127.0.0.1');
      slow.on('error', () => {});
      slow.resume(); // read its 408, or its end (and close) never comes
      await once(slow, 'connect');
      const sentAt = performance.now();
      slow.write(
        `POST /api/v2/accounts HTTP/1.1\r\nHost: x\r\nAuthorization: APIKey ${ws.apiKey}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
      );
      await once(slow, 'close');
      expect(performance.now() - sentAt).toBeGreaterThanOrEqual(REQUEST_MS - 50);
      const list = await rawRequest(h, 'GET', '/api/v2/events', { headers: { authorization: `APIKey ${ws.apiKey}` } });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      const created = await rawRequest(h, 'POST', '/api/v2/accounts', {
        headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'individual', email: 'long@example.com' }),
      });
      expect(created.status).toBe(201);
      await until('every stream to get the event', () => received.length === 3, 10_000);
    } finally {
      for (const c of controllers) c.abort();
      await Promise.all(streams);
    }
  }, 30_000);
});

describe('shutting down with streams open', () => {
  it('ends them instead of waiting for their clients', async () => {
    const own = await startHarness();
    const ws = await workspaceFactory(own.deps);
    const res = await fetch(`${own.baseUrl}/api/v2/events/stream`, { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(res.status).toBe(200);
    const reading = res.body!.getReader();
    const ended = (async () => {
      try {
        while (!(await reading.read()).done);
      } catch {}
      return true;
    })();
    const started = Date.now();
    await own.close();
    expect(await ended).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);
});

describe('open streams per workspace', () => {
  it('are capped at 5: the 6th is 409 LIMIT_REACHED until one closes; another workspace is not affected', async () => {
    const ws = await workspaceFactory(h.deps);
    const other = await workspaceFactory(h.deps);
    const open = (key: string, signal?: AbortSignal) =>
      fetch(`${h.baseUrl}/api/v2/events/stream`, { headers: { authorization: `APIKey ${key}` }, signal });
    const controllers = Array.from({ length: 5 }, () => new AbortController());
    try {
      for (const c of controllers) expect((await open(ws.apiKey, c.signal)).status).toBe(200);
      const sixth = await open(ws.apiKey);
      expect(sixth.status).toBe(409);
      const refused = await sixth.json();
      expect(refused.code).toBe('LIMIT_REACHED');
      expect(contractViolations('GET', sixth.url, 409, sixth.headers.get('content-type'), refused)).toEqual([]);
      const elsewhere = new AbortController();
      expect((await open(other.apiKey, elsewhere.signal)).status).toBe(200);
      elsewhere.abort();
      controllers[0]!.abort();
      await until(
        'a closed stream to free its place',
        async () => {
          const c = new AbortController();
          const res = await open(ws.apiKey, c.signal);
          const ok = res.status === 200;
          if (ok) controllers[0] = c;
          else await res.body?.cancel();
          return ok;
        },
        10_000,
      );
    } finally {
      for (const c of controllers) c.abort();
    }
  }, 30_000);
});
