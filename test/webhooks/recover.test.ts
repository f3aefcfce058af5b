import { describe, expect, it } from 'vitest';
import { createMemoryDeduplicator, createWebhookVerifier } from '../../packages/receiver/src/index.js';
import { RECOVER_LIMIT } from '../../src/core/webhooks/recover-webhook-target.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, rawRequest, restClient, trpcClient } from '../support/harness.js';
import { startReceiver } from '../support/receiver.js';
import { webhookSetup } from '../support/webhook-setup.js';

const w = webhookSetup({ timeoutMs: 15_000, retry: { baseMs: 1000 } });

const call = (apiKey: string) => async (method: string, path: string, body?: unknown) =>
  rawRequest(w.h, method, path, {
    headers: { authorization: `APIKey ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('recover after a receiver outage', () => {
  it('resends each failed delivery since the time exactly once more, with its original webhookId and body', async () => {
    const ws = await workspaceFactory(w.h.deps);
    let down = true;
    const rx = await startReceiver((_r, res) => res.writeHead(down ? 503 : 204).end());
    const api = call(ws.apiKey);
    const client = restClient(w.h, ws.apiKey);
    const targetId = (await client.POST('/api/v2/webhook-targets', { body: { url: rx.url } })).data!.id;
    await api('POST', '/api/v2/accounts', { type: 'individual', email: 'before@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const since = new Date().toISOString();
    for (const email of ['a@example.com', 'b@example.com']) await api('POST', '/api/v2/accounts', { type: 'individual', email });
    // The outage: every attempt fails until the retries run out and the target is disabled.
    await w.drain();
    for (let i = 0; i < 5; i++) {
      w.advance(60_000);
      await w.drain();
    }
    const failed = await client.GET('/api/v2/webhook-deliveries', { params: { query: { targetId, status: 'failed' } } });
    expect(failed.data!.total).toBe(3);
    expect(rx.received).toHaveLength(18);
    expect((await client.GET('/api/v2/webhook-targets/{targetId}', { params: { path: { targetId } } })).data!.status).toBe('disabled');

    // A disabled target: they are queued parked (no due time), and nothing is sent until it is enabled.
    const recovered = await client.POST('/api/v2/webhook-targets/{targetId}/recover', { params: { path: { targetId } }, body: { since } });
    expect(recovered.response.status).toBe(202);
    expect(recovered.data).toEqual({ queued: 2, more: false });
    const parked = await client.GET('/api/v2/webhook-deliveries', { params: { query: { targetId, status: 'pending' } } });
    expect(parked.data!.data.map((d) => d.nextAttemptAt)).toEqual([null, null]);
    await w.drain();
    expect(rx.received).toHaveLength(18);
    // Idempotent: what the first call queued is pending, so a second call queues nothing.
    expect(await trpcClient(w.h, ws.adminToken).webhookTargets.recover.mutate({ targetId, since })).toEqual({ queued: 0, more: false });

    down = false;
    await client.POST('/api/v2/webhook-targets/{targetId}/enable', { params: { path: { targetId } } });
    await w.drain();

    const resent = rx.received.slice(18);
    expect(resent).toHaveLength(2);
    const recoveredIds = failed.data!.data.filter((d) => d.createdAt >= since).map((d) => d.id);
    expect(resent.map((r) => r.headers['x-service-webhook-id']).sort()).toEqual(recoveredIds.sort());
    const dedupe = createMemoryDeduplicator();
    const verifier = createWebhookVerifier({ jwksUrl: `${w.h.baseUrl}/.well-known/jwks.json`, tenantId: ws.workspaceId, dedupe });
    for (const r of resent) {
      const first = rx.received.find((x) => x.headers['x-service-webhook-id'] === r.headers['x-service-webhook-id'])!;
      expect(r.body.equals(first.body)).toBe(true);
      expect(r.headers['x-service-retry-count']).toBe('0');
      await dedupe.seen(String(r.headers['x-service-webhook-id']));
      expect((await verifier.verify(r.body, r.headers)).duplicate).toBe(true);
    }
    const after = await client.GET('/api/v2/webhook-deliveries', { params: { query: { targetId } } });
    expect(after.data!.data.map((d) => d.status).sort()).toEqual(['failed', 'succeeded', 'succeeded']);
    expect(after.data!.data.filter((d) => d.status === 'succeeded').every((d) => d.attempts === 7)).toBe(true);
    // Nothing left to recover.
    expect((await api('POST', `/api/v2/webhook-targets/${targetId}/recover`, { since })).body).toEqual({ queued: 0, more: false });
    await rx.close();
  }, 180_000);

  it.each([
    ['no since', {}],
    ['a date without a time', { since: '2026-11-22' }],
    ['garbage', { since: 'yesterday' }],
    ['an unknown field', { since: '2026-11-22T00:00:00Z', limit: 5 }],
  ])('refuses %s with 400', async (_, body) => {
    const ws = await workspaceFactory(w.h.deps);
    const targetId = (await restClient(w.h, ws.apiKey).POST('/api/v2/webhook-targets', { body: { url: 'http://127.0.0.1:9/x' } })).data!.id;
    const res = await call(ws.apiKey)('POST', `/api/v2/webhook-targets/${targetId}/recover`, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('another workspace cannot see, test or recover the target; analysts cannot call either (REST, tRPC, GraphQL)', async () => {
    const ws = await workspaceFactory(w.h.deps);
    const other = await workspaceFactory(w.h.deps);
    const targetId = (await restClient(w.h, ws.apiKey).POST('/api/v2/webhook-targets', { body: { url: 'http://127.0.0.1:9/x' } })).data!.id;
    const foreign = call(other.apiKey);
    expect((await foreign('POST', `/api/v2/webhook-targets/${targetId}/recover`, { since: '2026-01-01T00:00:00Z' })).status).toBe(404);
    expect((await foreign('POST', `/api/v2/webhook-targets/${targetId}/test`, { eventType: 'account_created' })).status).toBe(404);
    const trpcOther = trpcClient(w.h, other.adminToken).webhookTargets;
    expect((await trpcOther.recover.mutate({ targetId, since: '2026-01-01T00:00:00Z' }).catch((e) => e)).data.code).toBe('NOT_FOUND');
    expect((await trpcOther.test.mutate({ targetId, eventType: 'account_created' }).catch((e) => e)).data.code).toBe('NOT_FOUND');
    const analyst = trpcClient(w.h, ws.analystToken).webhookTargets;
    expect((await analyst.recover.mutate({ targetId, since: '2026-01-01T00:00:00Z' }).catch((e) => e)).data.code).toBe('FORBIDDEN');
    expect((await analyst.test.mutate({ targetId, eventType: 'account_created' }).catch((e) => e)).data.code).toBe('FORBIDDEN');
    // GraphQL: the target is absent for the other workspace, and neither can change it.
    const vars = { id: targetId };
    expect(
      (await graphql(w.h, other.apiKey, 'query($id: ID!) { webhookTarget(targetId: $id) { id } }', vars)).data.webhookTarget,
    ).toBeNull();
    expect((await graphql(w.h, other.apiKey, '{ webhookTargets { total } }')).data.webhookTargets.total).toBe(0);
    const recover = 'mutation($id: ID!) { recoverWebhookTarget(targetId: $id, since: "2026-01-01T00:00:00Z") { queued } }';
    const test = 'mutation($id: ID!) { testWebhookTarget(targetId: $id, eventType: account_created) { id } }';
    for (const [secret, code] of [
      [other.apiKey, 'NOT_FOUND'],
      [ws.analystToken, 'FORBIDDEN'],
    ] as const) {
      for (const q of [recover, test])
        expect((await graphql(w.h, secret, q, vars)).errors?.[0]?.extensions?.code, `${code} ${q}`).toBe(code);
    }
    // Analysts read it.
    expect((await graphql(w.h, ws.analystToken, 'query($id: ID!) { webhookTarget(targetId: $id) { eventTypes } }', vars)).data).toEqual({
      webhookTarget: { eventTypes: null },
    });
    // Nothing was queued by any of them.
    expect(await w.h.deps.db.webhookDelivery.count({ where: { targetId } })).toBe(0);
  });

  it(`queues at most ${RECOVER_LIMIT} per call and says that more remain`, async () => {
    const ws = await workspaceFactory(w.h.deps);
    const client = restClient(w.h, ws.apiKey);
    const targetId = (await client.POST('/api/v2/webhook-targets', { body: { url: 'http://127.0.0.1:9/x' } })).data!.id;
    await call(ws.apiKey)('POST', '/api/v2/accounts', { type: 'individual', email: 'bulk@example.com' });
    const event = await w.h.deps.db.event.findFirstOrThrow({ where: { workspaceId: ws.workspaceId }, select: { id: true } });
    await w.h.deps.db.webhookDelivery.deleteMany({ where: { targetId } });
    await w.h.deps.db.$executeRaw`
      INSERT INTO webhook_deliveries (id, event_id, target_id, workspace_id, event_type, status, attempts, next_attempt_at, created_at, completed_at)
      SELECT gen_random_uuid(), ${event.id}::uuid, ${targetId}::uuid, ${ws.workspaceId}::uuid, 'account_created', 'failed', 6, now(),
        now() - make_interval(secs => i), now()
      FROM generate_series(1, ${RECOVER_LIMIT + 1}) AS i`;
    const since = new Date(Date.now() - 86_400_000).toISOString();
    const path = { params: { path: { targetId } }, body: { since } };
    expect((await client.POST('/api/v2/webhook-targets/{targetId}/recover', path)).data).toEqual({ queued: RECOVER_LIMIT, more: true });
    expect((await client.POST('/api/v2/webhook-targets/{targetId}/recover', path)).data).toEqual({ queued: 1, more: false });
    expect(await w.h.deps.db.webhookDelivery.count({ where: { targetId, status: 'pending' } })).toBe(RECOVER_LIMIT + 1);
    // Out of the way of the other tests' dispatchers.
    await client.DELETE('/api/v2/webhook-targets/{targetId}', { params: { path: { targetId } } });
  }, 120_000);
});
