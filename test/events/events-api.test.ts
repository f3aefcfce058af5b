import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listEvents } from '../../src/core/events/list-events.js';
import { bankBody, fundedAccount } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, rawRequest, restClient } from '../support/harness.js';
import { startReceiver } from '../support/receiver.js';
import { trpcCaller } from '../support/trpc-caller.js';
import { until } from '../support/until.js';
import { webhookSetup } from '../support/webhook-setup.js';

const w = webhookSetup({ timeoutMs: 15_000, retry: { baseMs: 1000 } });

async function call(apiKey: string, method: string, path: string, body?: unknown) {
  const res = await rawRequest(w.h, method, path, {
    headers: { authorization: `APIKey ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

describe('the events API lists what the webhooks carried', () => {
  it('each webhook received is an event listed with the same data, newest first; get by id; filters', async () => {
    const ws = await workspaceFactory(w.h.deps);
    const rx = await startReceiver();
    await call(ws.apiKey, 'POST', '/api/v2/webhook-targets', { url: rx.url });
    const account = (await call(ws.apiKey, 'POST', '/api/v2/accounts', { type: 'individual', email: 'ev@example.com' })).accountId;
    const active = await fundedAccount(ws.ctx, 'ev2@example.com');
    const tx = await call(ws.apiKey, 'POST', '/api/v2/transactions/bank', bankBody(active));
    await call(ws.apiKey, 'POST', `/api/v2/simulations/transactions/${tx.id}/status`, { status: 'processing' });
    await w.drain();

    const rest = restClient(w.h, ws.apiKey);
    const { data: page } = await rest.GET('/api/v2/events', { params: { query: { limit: 1000 } } });
    expect(page!.total).toBe(rx.received.length);
    expect(page!.total).toBe(4);
    const order = page!.data.map((e) => `${e.timestamp} ${e.id}`);
    expect(order).toEqual([...order].sort().reverse());
    // The delivery log names each webhook's event: the event is the webhook body with its own id.
    const deliveries = await w.h.deps.db.webhookDelivery.findMany({
      where: { workspaceId: ws.workspaceId },
      select: { id: true, eventId: true },
    });
    const eventOf = new Map(deliveries.map((x) => [x.id, x.eventId]));
    for (const r of rx.received) {
      const { webhookId, ...rest } = r.json;
      const event = page!.data.find((e) => e.id === eventOf.get(webhookId));
      expect(event, r.json.type).toEqual({ id: eventOf.get(webhookId), ...rest });
      const one = await restClient(w.h, ws.apiKey).GET('/api/v2/events/{eventId}', { params: { path: { eventId: event!.id } } });
      expect(one.data).toEqual(event);
    }
    await rx.close();

    const typed = await rest.GET('/api/v2/events', { params: { query: { type: 'account_created' } } });
    expect(typed.data!.data.map((e) => e.accountId).sort()).toEqual([account, active].sort());
    const byAccount = await rest.GET('/api/v2/events', { params: { query: { accountId: account.toUpperCase() } } });
    expect(byAccount.data!.data.every((e) => e.accountId === account)).toBe(true);
    expect(byAccount.data!.total).toBeGreaterThan(0);
    const first = page!.data.at(-1)!;
    const since = await rest.GET('/api/v2/events', { params: { query: { startDate: first.timestamp, endDate: '9999-12-31' } } });
    expect(since.data!.total).toBe(page!.total);
    const none = await rest.GET('/api/v2/events', { params: { query: { endDate: '2001-01-01' } } });
    expect(none.data!.total).toBe(0);
  }, 60_000);

  it.each([
    ['type=nope', 'type'],
    ['accountId=nope', 'accountId'],
    ['startDate=2025-02-30', 'startDate'],
    ['startDate=2025-03-02&endDate=2025-03-01', 'endDate'],
    ['order=sideways', 'order'],
    [`after=${randomUUID()}&order=desc`, 'order'],
    [`after=${randomUUID()}&page=2`, 'page'],
    ['limit=1001', 'limit'],
    ['colour=red', 'colour'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const ws = await workspaceFactory(w.h.deps);
    const res = await rawRequest(w.h, 'GET', `/api/v2/events?${query}`, { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe('tenant isolation over the three protocols', () => {
  it("another workspace's events are absent: lists, get (404 / null), after-cursor (404)", async () => {
    const a = await workspaceFactory(w.h.deps, 'A');
    const b = await workspaceFactory(w.h.deps, 'B');
    await call(a.apiKey, 'POST', '/api/v2/accounts', { type: 'individual', email: 'a@example.com' });
    await call(b.apiKey, 'POST', '/api/v2/accounts', { type: 'individual', email: 'b@example.com' });
    const aEvents = (await restClient(w.h, a.apiKey).GET('/api/v2/events')).data!;
    expect(aEvents.total).toBe(1);
    const id = aEvents.data[0]!.id;

    const bRest = restClient(w.h, b.apiKey);
    const bList = (await bRest.GET('/api/v2/events')).data!;
    expect(bList.data.map((e) => e.id)).not.toContain(id);
    expect(bList.total).toBe(1);
    const got = await rawRequest(w.h, 'GET', `/api/v2/events/${id}`, { headers: { authorization: `APIKey ${b.apiKey}` } });
    expect(got.status).toBe(404);
    const after = await rawRequest(w.h, 'GET', `/api/v2/events?after=${id}`, { headers: { authorization: `APIKey ${b.apiKey}` } });
    expect(after.status).toBe(404);

    const trpc = trpcCaller(w.h, b.apiKey);
    expect((await trpc.events.list.query({})).data.map((e) => e.id)).not.toContain(id);
    await expect(trpc.events.get.query({ eventId: id })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    expect((await trpcCaller(w.h, a.apiKey).events.get.query({ eventId: id })).id).toBe(id);

    const q = 'query($id: ID!) { event(id: $id) { id } events { total data { id } } }';
    const gb = await graphql(w.h, b.apiKey, q, { id });
    expect(gb.errors).toBeUndefined();
    expect(gb.data.event).toBeNull();
    expect(gb.data.events.data.map((e: { id: string }) => e.id)).not.toContain(id);
    const ga = await graphql(w.h, a.apiKey, q, { id });
    expect(ga.data.event.id).toBe(id);
  });
});

describe('the feed for sync loops', () => {
  it('after-cursor reads every event exactly once while events are being inserted concurrently', async () => {
    const ws = await workspaceFactory(w.h.deps);
    const seen: string[] = [];
    let cursor: string | undefined;
    const readAll = async () => {
      for (;;) {
        const page = await listEvents(ws.ctx, cursor ? { after: cursor, limit: 7 } : { order: 'asc', limit: 7 });
        seen.push(...page.data.map((e) => e.id));
        if (page.data.length) cursor = page.data.at(-1)!.id;
        if (page.data.length < 7) return;
      }
    };
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; i < 10; i++)
        await call(ws.apiKey, 'POST', '/api/v2/accounts', { type: 'individual', email: `w${w}-${i}@example.com` });
    });
    let done = false;
    const reader = (async () => {
      while (!done) await readAll();
    })();
    await Promise.all(writers);
    done = true;
    await reader;
    // The feed holds back what is newer than the oldest transaction still running anywhere on the
    // server (on a shared PostgreSQL, other suites' too): late, never skipped. Read until all came.
    await until(
      () => `all 40 events (seen ${seen.length})`,
      async () => {
        await readAll();
        return seen.length >= 40;
      },
      20_000,
    );
    expect(seen.length).toBe(40);
    expect(new Set(seen).size).toBe(40);
    const all = await listEvents(ws.ctx, { limit: 1000 });
    expect(new Set(seen)).toEqual(new Set(all.data.map((e) => e.id)));
  }, 60_000);
});
