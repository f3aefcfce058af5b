import { describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, rawRequest, restClient, trpcClient } from '../support/harness.js';
import { startReceiver } from '../support/receiver.js';
import { webhookSetup } from '../support/webhook-setup.js';

const w = webhookSetup({ timeoutMs: 500, retry: { baseMs: 1000 } });

describe('delivery log, redelivery and statistics', () => {
  it('lists, shows attempts and payload, redelivers; the same through tRPC; stats in GraphQL', async () => {
    const ws = await workspaceFactory(w.h.deps);
    let fail = true;
    const rx = await startReceiver((_r, res) => res.writeHead(fail ? 503 : 204).end(fail ? 'busy' : undefined));
    const client = restClient(w.h, ws.apiKey);
    const target = await client.POST('/api/v2/webhook-targets', { body: { url: rx.url } });
    const targetId = target.data!.id;
    await client.POST('/api/v2/accounts', { body: { type: 'individual', email: 'log@example.com' } });
    const d = w.dispatcher();
    await w.drain(d);
    for (let i = 0; i < 5; i++) {
      w.advance(60_000);
      await w.drain(d);
    }
    const list = await client.GET('/api/v2/webhook-deliveries', { params: { query: { targetId, type: 'account_created' } } });
    expect(list.data!.total).toBe(1);
    const delivery = list.data!.data[0]!;
    expect(delivery).toMatchObject({ status: 'failed', attempts: 6, lastStatusCode: 503, nextAttemptAt: null, type: 'account_created' });
    const detail = await client.GET('/api/v2/webhook-deliveries/{deliveryId}', { params: { path: { deliveryId: delivery.id } } });
    expect(detail.data!.attempts.map((a) => a.retryCount)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(detail.data!.attempts[0]).toMatchObject({ statusCode: 503, responseBody: 'busy', error: 'HTTP 503' });
    expect(detail.data!.payload).toEqual(rx.received[0]!.json);

    // The target is disabled now: redelivery queues it parked (no due time), sent once it is enabled.
    const parked = await rawRequest(w.h, 'POST', `/api/v2/webhook-deliveries/${delivery.id}/redeliver`, {
      headers: { authorization: `APIKey ${ws.apiKey}` },
    });
    expect(parked.status).toBe(202);
    expect(parked.body).toMatchObject({ id: delivery.id, status: 'pending', nextAttemptAt: null });
    await w.drain(d);
    expect(rx.received).toHaveLength(6);
    // Still pending: a second redeliver is refused.
    const again = await trpcClient(w.h, ws.adminToken)
      .webhookDeliveries.redeliver.mutate({ deliveryId: delivery.id })
      .catch((e: Error) => e);
    expect(String(again)).toMatch(/still pending/);
    fail = false;
    await client.POST('/api/v2/webhook-targets/{targetId}/enable', { params: { path: { targetId } } });
    await w.drain(d);
    const resent = rx.received.at(-1)!;
    expect(resent.headers['x-service-webhook-id']).toBe(delivery.id);
    expect(resent.headers['x-service-retry-count']).toBe('0');
    expect(resent.body.equals(rx.received[0]!.body)).toBe(true);
    const viaTrpc = await trpcClient(w.h, ws.apiKey).webhookDeliveries.list.query({ status: 'succeeded' });
    expect(viaTrpc.data.map((x) => x.id)).toEqual([delivery.id]);
    expect(viaTrpc.data[0]).toMatchObject({ attempts: 7, lastStatusCode: 204 });

    const stats = await graphql(
      w.h,
      ws.analystToken,
      '{ webhookDeliveryStats(groupBy: [TARGET]) { targetId deliveries succeeded failed pending attempts successRate avgLatencyMs p95LatencyMs } }',
    );
    expect(stats.data.webhookDeliveryStats).toEqual([
      expect.objectContaining({ targetId, deliveries: 1, succeeded: 1, failed: 0, pending: 0, attempts: 7, successRate: 1 }),
    ]);
    expect(stats.data.webhookDeliveryStats[0].avgLatencyMs).toBeGreaterThanOrEqual(0);

    const other = await workspaceFactory(w.h.deps);
    expect((await restClient(w.h, other.apiKey).GET('/api/v2/webhook-deliveries')).data!.total).toBe(0);
    const foreign = await rawRequest(w.h, 'GET', `/api/v2/webhook-deliveries/${delivery.id}`, {
      headers: { authorization: `APIKey ${other.apiKey}` },
    });
    expect(foreign.status).toBe(404);
    expect((await graphql(w.h, other.apiKey, '{ webhookDeliveryStats(groupBy: []) { deliveries } }')).data.webhookDeliveryStats).toEqual([
      { deliveries: 0 },
    ]);
    const bad = await rawRequest(w.h, 'GET', '/api/v2/webhook-deliveries?type=nope', { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(bad.status).toBe(400);
    await rx.close();
  });
});
