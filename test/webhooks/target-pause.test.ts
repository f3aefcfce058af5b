import { describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { restClient } from '../support/harness.js';
import { startReceiver } from '../support/receiver.js';
import { webhookSetup } from '../support/webhook-setup.js';

const w = webhookSetup({ timeoutMs: 2000 });

async function setup(respond: Parameters<typeof startReceiver>[0]) {
  const ws = await workspaceFactory(w.h.deps);
  const rx = await startReceiver(respond);
  const client = restClient(w.h, ws.apiKey);
  const targetId = (await client.POST('/api/v2/webhook-targets', { body: { url: rx.url } })).data!.id;
  const account = (email: string) => client.POST('/api/v2/accounts', { body: { type: 'individual', email } });
  const path = { params: { path: { targetId } } };
  const target = async () => (await client.GET('/api/v2/webhook-targets/{targetId}', path)).data!;
  const pending = async () =>
    (await client.GET('/api/v2/webhook-deliveries', { params: { query: { targetId, status: 'pending' } } })).data!.data;
  return { ws, rx, client, targetId, account, path, target, pending };
}

describe('pausing, resuming and enabling a webhook target', () => {
  it('a paused target keeps its deliveries parked (also those of new events) and sends them all on resume', async () => {
    const s = await setup((_r, res) => res.writeHead(204).end());
    await s.account('before-pause@example.com'); // pending, not yet sent
    const paused = await s.client.POST('/api/v2/webhook-targets/{targetId}/pause', s.path);
    expect(paused.response.status).toBe(200);
    expect(paused.data).toMatchObject({ status: 'paused', disabledReason: null });
    await s.account('while-paused@example.com');
    w.advance(3600_000);
    await w.drain();
    expect(s.rx.received).toHaveLength(0);
    // Parked: pending, with no due time (never one in the past).
    const parked = await s.pending();
    expect(parked).toHaveLength(2);
    expect(parked.map((d) => d.nextAttemptAt)).toEqual([null, null]);
    // Pausing twice answers the same; test sends are refused while paused.
    expect((await s.client.POST('/api/v2/webhook-targets/{targetId}/pause', s.path)).data!.status).toBe('paused');
    const test = await s.client.POST('/api/v2/webhook-targets/{targetId}/test', { ...s.path, body: { eventType: 'account_created' } });
    expect(test.response.status).toBe(409);

    const resumed = await s.client.POST('/api/v2/webhook-targets/{targetId}/resume', s.path);
    expect(resumed.data!.status).toBe('active');
    await w.drain();
    expect(s.rx.received.map((r) => r.json.details.account.email)).toEqual(['before-pause@example.com', 'while-paused@example.com']);
    expect(await s.pending()).toEqual([]);
    await s.rx.close();
  });

  it('enabling while the endpoint is still down sends one probe, not the backlog, and does not disable it again', async () => {
    let down = true;
    const s = await setup((_r, res) => res.writeHead(down ? 503 : 204).end(down ? 'down' : ''));
    // The first delivery fails 5 times; then two more events; its 6th failure disables the target.
    await s.account('first@example.com');
    await w.drain();
    for (let i = 0; i < 4; i++) {
      w.advance(3600_000);
      await w.drain();
    }
    await s.account('second@example.com');
    await s.account('third@example.com');
    await w.drain(); // the two new ones fail once each
    // One more, due only later: not in the batch that disables the target, parked all the same.
    await s.account('fourth@example.com');
    const fourth = await w.h.deps.db.webhookDelivery.findFirstOrThrow({ where: { targetId: s.targetId, attempts: 0 } });
    await w.h.deps.db.webhookDelivery.update({
      where: { workspaceId_id: { workspaceId: s.ws.workspaceId, id: fourth.id } },
      data: { nextAttemptAt: new Date(Date.now() + 100 * 3600_000) },
    });
    w.advance(3600_000);
    await w.drain();
    expect((await s.target()).status).toBe('disabled');
    const sentBefore = s.rx.received.length;
    // The rest of the backlog is parked: pending, no due time in the past.
    const parked = await s.pending();
    expect(parked).toHaveLength(3);
    expect(parked.every((d) => d.nextAttemptAt === null)).toBe(true);
    w.advance(3600_000);
    await w.drain();
    expect(s.rx.received).toHaveLength(sentBefore);

    // Enabled, endpoint still down: one probe (the oldest parked), the other stays parked.
    expect((await s.client.POST('/api/v2/webhook-targets/{targetId}/enable', s.path)).data!.status).toBe('active');
    await w.drain();
    expect(s.rx.received).toHaveLength(sentBefore + 1);
    expect(s.rx.received.at(-1)!.json.details.account.email).toBe('second@example.com');
    expect(s.rx.received.at(-1)!.headers['x-service-retry-count']).toBe('0'); // a fresh series of retries
    expect((await s.target()).status).toBe('active');
    const afterProbe = await s.pending();
    expect(afterProbe.map((d) => d.nextAttemptAt === null).sort()).toEqual([false, true, true]);
    expect(afterProbe.filter((d) => d.nextAttemptAt !== null).every((d) => d.nextAttemptAt! > new Date().toISOString())).toBe(true);

    // The endpoint is back: the probe's retry succeeds, which releases the rest.
    down = false;
    w.advance(3600_000);
    await w.drain();
    // The probe's retry first, then the released rest (sent together, in any order).
    const after = s.rx.received.slice(sentBefore + 1).map((r) => r.json.details.account.email);
    expect(after[0]).toBe('second@example.com');
    expect(after.slice(1).sort()).toEqual(['fourth@example.com', 'third@example.com']);
    expect(await s.pending()).toEqual([]);
    expect((await s.target()).status).toBe('active');
    await s.rx.close();
  });

  it('the dispatcher parks a delivery left due for a target that is not active', async () => {
    const s = await setup((_r, res) => res.writeHead(204).end());
    await s.account('stranded@example.com');
    // As a race would leave it: the target paused, its delivery still due in the past.
    await w.h.deps.db.webhookTarget.updateMany({ where: { id: s.targetId }, data: { status: 'paused' } });
    expect((await s.pending())[0]!.nextAttemptAt).not.toBeNull();
    await w.drain();
    expect(s.rx.received).toHaveLength(0);
    expect((await s.pending())[0]!.nextAttemptAt).toBeNull();
    await s.rx.close();
  });

  it("a test send with waitSeconds answers with the endpoint's status and the start of its body", async () => {
    const long = `teapot says no ${'x'.repeat(1000)}`;
    const s = await setup((_r, res) => res.writeHead(418, { 'content-type': 'text/plain' }).end(long));
    const d = w.dispatcher({ pollMs: 20 });
    d.start();
    try {
      const sent = await s.client.POST('/api/v2/webhook-targets/{targetId}/test', {
        ...s.path,
        body: { eventType: 'account_created', waitSeconds: 10 },
      });
      expect(sent.response.status).toBe(202);
      expect(sent.data).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 418, lastError: 'HTTP 418', nextAttemptAt: null });
      expect(sent.data!.lastResponseExcerpt).toBe(long.slice(0, 500));
      // Without waitSeconds: at once, pending.
      const now = await s.client.POST('/api/v2/webhook-targets/{targetId}/test', { ...s.path, body: { eventType: 'account_created' } });
      expect(now.data).toMatchObject({ status: 'pending', lastStatusCode: null, lastResponseExcerpt: null });
      const tooLong = await s.client.POST('/api/v2/webhook-targets/{targetId}/test', {
        ...s.path,
        body: { eventType: 'account_created', waitSeconds: 21 },
      });
      expect(tooLong.response.status).toBe(400);
    } finally {
      await d.stop();
    }
    await s.rx.close();
  });
});
