import { once } from 'node:events';
import { createLocalJWKSet, flattenedVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../src/core/context.js';
import { Dispatcher } from '../../src/core/webhooks/dispatch/dispatcher.js';
import { emitEvent, SYSTEM_NOTES } from '../../src/core/webhooks/events.js';
import { httpWebhookSender } from '../../src/server/http-webhook-sender.js';
import { workspaceFactory } from '../factories/workspace.js';
import { rawRequest } from '../support/harness.js';
import { startReceiver } from '../support/receiver.js';
import { webhookSetup } from '../support/webhook-setup.js';

// A delivery timeout far above a local receiver's answer (milliseconds) for every test but the one about
// timeouts, so no other test depends on how fast a shared CI runner answers.
const w = webhookSetup({ timeoutMs: 5000 });
const quickSender = httpWebhookSender({ timeoutMs: 300, allowInsecure: true });

/**
 * A dispatcher whose clock a test runs ahead on demand, so retry schedules pass without sleeping.
 * Each gets a clock of its own: time moved in one test never reaches another.
 */
function dispatcher(s = w.sender) {
  let offset = 0;
  const deps: Deps = { ...w.h.deps, clock: { now: () => new Date(Date.now() + offset) } };
  const d = new Dispatcher(deps, { sender: s, timeoutMs: 5000, retry: { baseMs: 60_000, factor: 2, jitter: 0.2 }, batchSize: 50 });
  return Object.assign(d, {
    advance: (ms: number) => {
      offset += ms;
    },
    now: () => deps.clock.now().getTime(),
  });
}

afterAll(async () => {
  await quickSender.close();
});

async function target(key: string, url: string) {
  const res = await rawRequest(w.h, 'POST', '/api/v2/webhook-targets', {
    headers: { authorization: `APIKey ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function createAccount(key: string, email = 'hook@example.com') {
  const res = await rawRequest(w.h, 'POST', '/api/v2/accounts', {
    headers: { authorization: `APIKey ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'individual', email }),
  });
  return res.body.accountId as string;
}

describe('signed deliveries over real HTTP', () => {
  it('delivers each event to each active target with every header, verifiable against the JWKS', async () => {
    const ws = await workspaceFactory(w.h.deps);
    const a = await startReceiver();
    const b = await startReceiver();
    await target(ws.apiKey, a.url);
    await target(ws.apiKey, b.url);
    const accountId = await createAccount(ws.apiKey);
    await w.drain(dispatcher());
    expect(a.received).toHaveLength(1);
    expect(b.received).toHaveLength(1);
    const got = a.received[0]!;
    expect(got.json).toEqual({
      webhookId: got.headers['x-service-webhook-id'],
      type: 'account_created',
      accountId,
      timestamp: expect.stringMatching(/Z$/),
      details: { account: expect.objectContaining({ accountId, status: 'pending' }) },
      systemNotes: SYSTEM_NOTES,
    });
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-service-retry-count']).toBe('0');
    expect(got.headers['x-tenant-id']).toBe(ws.workspaceId);
    expect(got.headers['x-service-signature-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Math.abs(Number(got.headers['x-service-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(b.received[0]!.headers['x-service-webhook-id']).not.toBe(got.headers['x-service-webhook-id']);
    // An independent verifier: jose's flattenedVerify over the raw bytes received, keys from the served JWKS.
    const jwks = (await rawRequest(w.h, 'GET', '/.well-known/jwks.json')).body;
    const [protectedHeader, empty, signature] = String(got.headers['x-service-signature']).split('.');
    expect(empty).toBe('');
    const verified = await flattenedVerify(
      { protected: protectedHeader!, payload: got.body.toString('base64url'), signature: signature! },
      createLocalJWKSet(jwks),
      { algorithms: ['RS512'] },
    );
    expect(verified.protectedHeader).toMatchObject({
      alg: 'RS512',
      ts: Number(got.headers['x-service-timestamp']),
      wid: got.headers['x-service-webhook-id'],
      tid: ws.workspaceId,
    });
    await a.close();
    await b.close();
  });

  it('retries 5 times with growing delays, then disables the target; enable resumes delivery', async () => {
    const ws = await workspaceFactory(w.h.deps);
    const rx = await startReceiver((_r, res) => res.writeHead(500).end('boom'));
    const targetId = await target(ws.apiKey, rx.url);
    await createAccount(ws.apiKey);
    const d = dispatcher();
    await w.drain(d);
    const waits: number[] = [];
    for (let retry = 1; retry <= 5; retry++) {
      const row = await w.h.deps.db.webhookDelivery.findFirstOrThrow({ where: { targetId } });
      waits.push((row.nextAttemptAt?.getTime() ?? Number.NaN) - d.now());
      await w.drain(d);
      expect(rx.received).toHaveLength(retry); // not due yet: nothing sent
      d.advance(60_000 * 2 ** (retry - 1) * 1.25);
      await w.drain(d);
      expect(rx.received).toHaveLength(retry + 1);
    }
    expect(rx.received.map((r) => r.headers['x-service-retry-count'])).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(new Set(rx.received.map((r) => r.headers['x-service-webhook-id'])).size).toBe(1);
    waits.forEach((w, i) => {
      expect(w).toBeGreaterThan(60_000 * 2 ** i * 0.79);
      expect(w).toBeLessThan(60_000 * 2 ** i * 1.21);
    });
    const t = await w.h.deps.db.webhookTarget.findFirstOrThrow({ where: { id: targetId } });
    expect(t.status).toBe('disabled');
    expect(t.disabledReason).toMatch(/failed 6 attempts; last: HTTP 500/);
    // The worker's disabling is in the audit log once, by the system.
    const disabled = await w.h.deps.db.auditRecord.findMany({
      where: { workspaceId: ws.workspaceId, action: 'webhook_target.disabled' },
      select: { objectId: true, actorKind: true, actorName: true },
    });
    expect(disabled).toEqual([{ objectId: targetId, actorKind: 'system', actorName: 'webhook worker' }]);
    const delivery = await w.h.deps.db.webhookDelivery.findFirstOrThrow({ where: { targetId } });
    expect(delivery).toMatchObject({ status: 'failed', attempts: 6 });
    const log = await w.h.deps.db.webhookAttempt.findMany({ where: { deliveryId: delivery.id }, orderBy: { retryCount: 'asc' } });
    expect(log.map((l) => [l.retryCount, l.statusCode, l.responseBody])).toEqual([0, 1, 2, 3, 4, 5].map((n) => [n, 500, 'boom']));

    // Disabled: events get no delivery to it; after enable, new events are delivered again.
    rx.setResponder((_r, res) => res.writeHead(200).end());
    await createAccount(ws.apiKey, 'while-disabled@example.com');
    d.advance(24 * 3600_000);
    await w.drain(d);
    expect(rx.received).toHaveLength(6);
    await rawRequest(w.h, 'POST', `/api/v2/webhook-targets/${targetId}/enable`, { headers: { authorization: `APIKey ${ws.apiKey}` } });
    await createAccount(ws.apiKey, 'after-enable@example.com');
    await w.drain(d);
    expect(rx.received).toHaveLength(7);
    expect(rx.received[6]!.json.details.account.email).toBe('after-enable@example.com');
    await rx.close();
  });

  it('a redirect, a timeout and a refused connection are failures', async () => {
    const ws = await workspaceFactory(w.h.deps);
    const redirect = await startReceiver((_r, res) => res.writeHead(302, { location: 'http://127.0.0.1:1/' }).end());
    // Answers nothing: the sender gives up after its timeout and closes the connection.
    const slow = await startReceiver(async (_r, res) => {
      await once(res, 'close');
    });
    const ids = [
      await target(ws.apiKey, redirect.url),
      await target(ws.apiKey, slow.url),
      await target(ws.apiKey, 'http://127.0.0.1:1/closed'),
    ];
    await createAccount(ws.apiKey);
    await w.drain(dispatcher(quickSender));
    const rows = await w.h.deps.db.webhookDelivery.findMany({ where: { targetId: { in: ids } } });
    const byTarget = Object.fromEntries(rows.map((r) => [r.targetId, r]));
    expect(byTarget[ids[0]!]).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 302, lastError: 'HTTP 302' });
    expect(byTarget[ids[1]!]).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null, lastError: 'timeout after 300 ms' });
    expect(byTarget[ids[2]!]).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(byTarget[ids[2]!]!.lastError).toMatch(/ECONNREFUSED/);
    await redirect.close();
    await slow.close();
  });

  it('outbox: an event written in a rolled-back transaction is never delivered', async () => {
    const ws = await workspaceFactory(w.h.deps);
    const rx = await startReceiver();
    await target(ws.apiKey, rx.url);
    const before = await w.h.deps.db.event.count({ where: { workspaceId: ws.workspaceId } });
    await expect(
      w.h.deps.db.$transaction(async (tx) => {
        await emitEvent(tx, ws.ctx, { type: 'account_created', accountId: null, details: { probe: true } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // A failing operation through the API: validation passes, the state rule refuses it.
    const accountId = await createAccount(ws.apiKey);
    await w.drain(dispatcher());
    rx.received.length = 0;
    const refused = await rawRequest(w.h, 'POST', '/api/v2/kyc/banking-verification/request', {
      headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accountId }),
    });
    expect(refused.status).toBe(409);
    await w.drain(dispatcher());
    expect(rx.received).toHaveLength(0);
    expect(await w.h.deps.db.event.count({ where: { workspaceId: ws.workspaceId } })).toBe(before + 1);
    await rx.close();
  });

  it('two dispatchers at once never send one attempt twice', async () => {
    const ws = await workspaceFactory(w.h.deps);
    const rx = await startReceiver();
    await target(ws.apiKey, rx.url);
    for (let i = 0; i < 30; i++) await createAccount(ws.apiKey, `c${i}@example.com`);
    const [one, two] = [dispatcher(), dispatcher()];
    await Promise.all([w.drain(one), w.drain(two), w.drain(one), w.drain(two)]);
    const keys = rx.received.map((r) => `${r.headers['x-service-webhook-id']}/${r.headers['x-service-retry-count']}`);
    expect(keys).toHaveLength(30);
    expect(new Set(keys).size).toBe(30);
    await rx.close();
  });
});

describe('SSRF guard at send time', () => {
  it('refuses a host name that resolves to a private address, before connecting', async () => {
    const rx = await startReceiver();
    const port = new URL(rx.url).port;
    const guarded = httpWebhookSender({
      timeoutMs: 1000,
      allowInsecure: false,
      resolve: ((_host: string, _opts: object, cb: (e: null, a: { address: string; family: number }[]) => void) =>
        cb(null, [{ address: '127.0.0.1', family: 4 }])) as never,
    });
    const r = await guarded.send(`https://rebind.example:${port}/hook`, {}, new Uint8Array());
    expect(r.statusCode).toBeNull();
    expect(r.error).toMatch(/refused: rebind\.example resolves to a forbidden address \(127\.0\.0\.1\)/);
    const literal = await guarded.send('https://10.0.0.8/hook', {}, new Uint8Array());
    expect(literal.error).toMatch(/forbidden address/);
    const plain = await guarded.send(`http://example.com/hook`, {}, new Uint8Array());
    expect(plain.error).toMatch(/not https/);
    expect(rx.received).toHaveLength(0);
    await guarded.close();
    await rx.close();
  });
});
