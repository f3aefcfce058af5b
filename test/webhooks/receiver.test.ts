import { CompactSign, generateSecret } from 'jose';
import { describe, expect, it } from 'vitest';
import { createMemoryDeduplicator, createWebhookVerifier, type WebhookVerificationError } from '../../packages/receiver/src/index.js';
import { rotateSigningKey } from '../../src/core/webhooks/rotate-signing-key.js';
import { PUBLICATION_WINDOW_MS } from '../../src/core/webhooks/signing-keys.js';
import { workspaceFactory } from '../factories/workspace.js';
import { rawRequest } from '../support/harness.js';
import { type Received, startReceiver } from '../support/receiver.js';
import { webhookSetup } from '../support/webhook-setup.js';

const w = webhookSetup({ timeoutMs: 5000, retry: { baseMs: 1000 }, appClock: true });

/** One real delivery: a workspace, a target on a local receiver, an account created, a dispatcher round. */
async function deliver(): Promise<{ got: Received; tenantId: string }> {
  const ws = await workspaceFactory(w.h.deps);
  const rx = await startReceiver();
  await rawRequest(w.h, 'POST', '/api/v2/webhook-targets', {
    headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: rx.url }),
  });
  await rawRequest(w.h, 'POST', '/api/v2/accounts', {
    headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'individual', email: 'rx@example.com' }),
  });
  await w.drain();
  await rx.close();
  return { got: rx.received[0]!, tenantId: ws.workspaceId };
}

function counting() {
  let calls = 0;
  let failuresLeft = 0;
  const f: typeof fetch = async (url, init) => {
    calls++;
    if (failuresLeft > 0) {
      failuresLeft--;
      return new Response('down', { status: 503 });
    }
    return fetch(url, init);
  };
  const failNext = (n: number) => {
    failuresLeft = n;
  };
  return { f, calls: () => calls, failNext };
}

const reasonOf = async (p: Promise<unknown>) =>
  (
    (await p.then(
      () => null,
      (e) => e,
    )) as WebhookVerificationError | null
  )?.reason;

describe('receiver helper (@fas-gateway/receiver)', () => {
  it('verifies a real delivery, refuses any tampering, and deduplicates', async () => {
    const { got, tenantId } = await deliver();
    const jwksUrl = `${w.h.baseUrl}/.well-known/jwks.json`;
    const verifier = createWebhookVerifier({ jwksUrl, tenantId, dedupe: createMemoryDeduplicator() });
    const ok = await verifier.verify(got.body, got.headers);
    expect(ok).toMatchObject({ type: 'account_created', webhookId: got.headers['x-service-webhook-id'], retryCount: 0, duplicate: false });
    // The event is typed from the contract: narrowing on `type` gives that event's details.
    if (ok.event.type !== 'account_created') throw new Error(`unexpected ${ok.event.type}`);
    expect(ok.event.details.account.email).toBe('rx@example.com');
    expect((await verifier.verify(got.body, got.headers)).duplicate).toBe(true);
    // A store shared by several processes answers asynchronously (here: a database-like insert).
    const store = new Set<string>();
    const shared = createWebhookVerifier({
      jwksUrl,
      tenantId,
      dedupe: {
        seen: async (id) => {
          await new Promise((resolve) => setImmediate(resolve));
          const before = store.size;
          return store.add(id).size === before;
        },
      },
    });
    expect((await shared.verify(got.body, got.headers)).duplicate).toBe(false);
    expect((await shared.verify(got.body, got.headers)).duplicate).toBe(true);

    const tampered = Buffer.from(got.body);
    const at = tampered.length - 2;
    tampered.writeUInt8(tampered.readUInt8(at) ^ 1, at);
    expect(await reasonOf(verifier.verify(tampered, got.headers))).toBe('bad_signature');
    expect(
      await reasonOf(createWebhookVerifier({ jwksUrl, tenantId: '00000000-0000-4000-8000-000000000000' }).verify(got.body, got.headers)),
    ).toBe('wrong_tenant');
    expect(await reasonOf(verifier.verify(got.body, { ...got.headers, 'x-service-webhook-id': 'other' }))).toBe('mismatch');
    expect(
      await reasonOf(
        verifier.verify(got.body, { ...got.headers, 'x-service-timestamp': String(Number(got.headers['x-service-timestamp']) - 1) }),
      ),
    ).toBe('mismatch');
    expect(await reasonOf(verifier.verify(got.body, { ...got.headers, 'x-service-signature': undefined }))).toBe('missing_header');
    expect(await reasonOf(verifier.verify(got.body, { ...got.headers, 'x-service-signature': 'abc' }))).toBe('malformed_signature');
    const late = createWebhookVerifier({ jwksUrl, tenantId, now: () => Date.now() + 6 * 60_000 });
    expect(await reasonOf(late.verify(got.body, got.headers))).toBe('stale_timestamp');
  });

  it('pins RS512: a none or HS512 signature with a known kid is refused', async () => {
    const { got, tenantId } = await deliver();
    const jwksUrl = `${w.h.baseUrl}/.well-known/jwks.json`;
    const original = JSON.parse(Buffer.from(String(got.headers['x-service-signature']).split('.')[0]!, 'base64url').toString());
    const forged = await new CompactSign(got.body).setProtectedHeader({ ...original, alg: 'HS512' }).sign(await generateSecret('HS512'));
    const [fh, , fs] = forged.split('.');
    const verifier = createWebhookVerifier({ jwksUrl, tenantId });
    expect(await reasonOf(verifier.verify(got.body, { ...got.headers, 'x-service-signature': `${fh}..${fs}` }))).toBe('bad_signature');
    const none = Buffer.from(JSON.stringify({ ...original, alg: 'none' })).toString('base64url');
    expect(await reasonOf(verifier.verify(got.body, { ...got.headers, 'x-service-signature': `${none}..AAAA` }))).toBe('bad_signature');
  });

  it('refetches the JWKS once on an unknown kid (after a rotation), and retries a failing fetch', async () => {
    const first = await deliver();
    const jwksUrl = `${w.h.baseUrl}/.well-known/jwks.json`;
    const c = counting();
    const verifier = createWebhookVerifier({ jwksUrl, tenantId: first.tenantId, fetch: c.f, now: () => w.deps.clock.now().getTime() });
    await verifier.verify(first.got.body, first.got.headers);
    expect(c.calls()).toBe(1);
    await rotateSigningKey(w.deps);
    w.advance(PUBLICATION_WINDOW_MS + 1000);
    const second = await deliver();
    // Signed by the new key: the cached set lacks its kid, so the verifier refetches once; the
    // signature then verifies, and only the tenant check (another workspace here) refuses it.
    const before = c.calls();
    expect(await reasonOf(verifier.verify(second.got.body, second.got.headers))).toBe('wrong_tenant');
    expect(c.calls() - before).toBe(1);
    // A failing JWKS endpoint is retried: two failures, then the set.
    const v2 = createWebhookVerifier({ jwksUrl, tenantId: second.tenantId, fetch: c.f, now: () => w.deps.clock.now().getTime() });
    const callsBefore = c.calls();
    c.failNext(2);
    expect((await v2.verify(second.got.body, second.got.headers)).type).toBe('account_created');
    expect(c.calls() - callsBefore).toBe(3);
    c.failNext(100);
    const down = createWebhookVerifier({ jwksUrl, tenantId: second.tenantId, fetch: c.f, now: () => w.deps.clock.now().getTime() });
    expect(await reasonOf(down.verify(second.got.body, second.got.headers))).toBe('jwks_unavailable');
  }, 30_000);
});
