import { describe, expect, it } from 'vitest';
import { createWebhookVerifier } from '../../packages/receiver/src/index.js';
import { WEBHOOK_EXAMPLES } from '../../src/core/contract.js';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, rawRequest, restClient, trpcClient } from '../support/harness.js';
import { startReceiver } from '../support/receiver.js';
import { webhookSetup } from '../support/webhook-setup.js';

// Generous: these tests are about what is delivered, not how fast, and the local receiver shares the
// CPU with the server and other test files, so its answer can take seconds.
const w = webhookSetup({ timeoutMs: 15_000 });

const call = (apiKey: string) => async (method: string, path: string, body?: unknown) =>
  rawRequest(w.h, method, path, {
    headers: { authorization: `APIKey ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('subscriptions: a target receives only the event types it subscribes to', () => {
  it('delivers exactly the two subscribed types to one target and every type to the other', async () => {
    const ws = await workspaceFactory(w.h.deps);
    const client = restClient(w.h, ws.apiKey);
    const [picky, all] = [await startReceiver(), await startReceiver()];
    const created = await client.POST('/api/v2/webhook-targets', {
      // A duplicate is dropped; the answer lists the types in the contract's order.
      body: { url: picky.url, eventTypes: ['kyc_verification_submitted', 'account_created', 'account_created'] },
    });
    expect(created.response.status).toBe(201);
    expect(created.data!.eventTypes).toEqual(['account_created', 'kyc_verification_submitted']);
    const everything = await client.POST('/api/v2/webhook-targets', { body: { url: all.url } });
    expect(everything.data!.eventTypes).toBeNull();

    const post = call(ws.apiKey);
    const person = (await post('POST', '/api/v2/accounts', { type: 'individual', email: 's@example.com' })).body.accountId;
    expect((await post('POST', '/api/v2/kyc/banking-verification/individual', submission(person))).status).toBe(200);
    expect((await post('POST', '/api/v2/kyc/banking-verification/request', { accountId: person })).status).toBeLessThan(300);
    await w.drain();

    expect(picky.received.map((r) => r.json.type).sort()).toEqual(['account_created', 'kyc_verification_submitted']);
    const allTypes = new Set(all.received.map((r) => r.json.type));
    expect(allTypes).toEqual(new Set(['account_created', 'kyc_status_updated', 'account_status_updated', 'kyc_verification_submitted']));
    // The delivery log holds no delivery of an unsubscribed type for the picky target.
    const log = await client.GET('/api/v2/webhook-deliveries', { params: { query: { targetId: created.data!.id } } });
    expect(log.data!.total).toBe(2);

    // PATCH: from now on only account_created; then null = every type again.
    const targetId = created.data!.id;
    const narrowed = await trpcClient(w.h, ws.adminToken).webhookTargets.update.mutate({ targetId, eventTypes: ['account_created'] });
    expect(narrowed.eventTypes).toEqual(['account_created']);
    await post('POST', '/api/v2/accounts', { type: 'individual', email: 't@example.com' });
    const widened = await client.PATCH('/api/v2/webhook-targets/{targetId}', {
      params: { path: { targetId } },
      body: { eventTypes: null },
    });
    expect(widened.data!.eventTypes).toBeNull();
    expect((await client.GET('/api/v2/webhook-targets/{targetId}', { params: { path: { targetId } } })).data!.eventTypes).toBeNull();
    await w.drain();
    expect(picky.received.filter((r) => r.json.type === 'account_created')).toHaveLength(2);
    await picky.close();
    await all.close();
  }, 120_000);

  it.each([
    ['an unknown type', { eventTypes: ['account_deleted'] }],
    ['an empty list', { eventTypes: [] }],
    ['not a list', { eventTypes: 'account_created' }],
    ['null on create', { eventTypes: null }],
  ])('refuses %s with 400 and creates nothing', async (_, extra) => {
    const ws = await workspaceFactory(w.h.deps);
    const res = await call(ws.apiKey)('POST', '/api/v2/webhook-targets', { url: 'http://127.0.0.1:9/x', ...extra });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors[0].field).toMatch(/^eventTypes/);
    expect((await restClient(w.h, ws.apiKey).GET('/api/v2/webhook-targets')).data!.total).toBe(0);
  });
});

describe('test sends', () => {
  it('sends a signed example marked as a test, which the receiver package verifies, and logs it', async () => {
    const ws = await workspaceFactory(w.h.deps);
    const rx = await startReceiver();
    const client = restClient(w.h, ws.apiKey);
    // Subscribed to another type: a test send goes anyway.
    const target = await client.POST('/api/v2/webhook-targets', { body: { url: rx.url, eventTypes: ['account_created'] } });
    const targetId = target.data!.id;
    const sent = await client.POST('/api/v2/webhook-targets/{targetId}/test', {
      params: { path: { targetId } },
      body: { eventType: 'bank_account_link' },
    });
    expect(sent.response.status).toBe(202);
    expect(sent.data).toMatchObject({ targetId, type: 'bank_account_link', test: true, eventId: null, status: 'pending' });
    await w.drain();

    expect(rx.received).toHaveLength(1);
    const got = rx.received[0]!;
    expect(got.headers['x-service-test']).toBe('true');
    const verifier = createWebhookVerifier({ jwksUrl: `${w.h.baseUrl}/.well-known/jwks.json`, tenantId: ws.workspaceId });
    const verified = await verifier.verify(got.body, got.headers);
    expect(verified).toMatchObject({ test: true, type: 'bank_account_link', webhookId: sent.data!.id, retryCount: 0 });
    expect(verified.details).toEqual(WEBHOOK_EXAMPLES.bank_account_link.details);

    const detail = await client.GET('/api/v2/webhook-deliveries/{deliveryId}', { params: { path: { deliveryId: sent.data!.id } } });
    expect(detail.data!.delivery).toMatchObject({ test: true, status: 'succeeded', attempts: 1 });
    expect(Buffer.from(JSON.stringify(detail.data!.payload)).equals(got.body)).toBe(true);

    // Over tRPC too; an unknown type is a 400 that sends nothing.
    const viaTrpc = await trpcClient(w.h, ws.adminToken).webhookTargets.test.mutate({ targetId, eventType: 'crypto_wallet_created' });
    expect(viaTrpc).toMatchObject({ test: true, type: 'crypto_wallet_created' });
    const bad = await call(ws.apiKey)('POST', `/api/v2/webhook-targets/${targetId}/test`, { eventType: 'nope' });
    expect(bad.status).toBe(400);
    await w.drain();
    expect(rx.received.map((r) => r.json.type)).toEqual(['bank_account_link', 'crypto_wallet_created']);
    await rx.close();
  }, 120_000);

  it('a failed test send gets one attempt and leaves the target active', async () => {
    const ws = await workspaceFactory(w.h.deps);
    const rx = await startReceiver((_r, res) => res.writeHead(500).end());
    const client = restClient(w.h, ws.apiKey);
    const targetId = (await client.POST('/api/v2/webhook-targets', { body: { url: rx.url } })).data!.id;
    const sent = await client.POST('/api/v2/webhook-targets/{targetId}/test', {
      params: { path: { targetId } },
      body: { eventType: 'account_created' },
    });
    await w.drain();
    const detail = await client.GET('/api/v2/webhook-deliveries/{deliveryId}', { params: { path: { deliveryId: sent.data!.id } } });
    expect(detail.data!.delivery).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 500 });
    expect((await client.GET('/api/v2/webhook-targets/{targetId}', { params: { path: { targetId } } })).data!.status).toBe('active');
    // Not an event: it counts in no delivery statistic.
    const stats = await graphql(w.h, ws.analystToken, '{ webhookDeliveryStats(groupBy: []) { deliveries failed } }');
    expect(stats.data.webhookDeliveryStats).toEqual([{ deliveries: 0, failed: 0 }]);
    await rx.close();
  }, 60_000);
});
