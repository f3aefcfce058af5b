import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dispatcher } from '../../src/core/webhooks/dispatch/dispatcher.js';
import { ensureSigningKey } from '../../src/core/webhooks/rotate-signing-key.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { httpWebhookSender } from '../../src/server/http-webhook-sender.js';
import { createMetrics, type Metrics } from '../../src/server/metrics.js';
import { startMetricsServer } from '../../src/server/metrics-route.js';
import { workspaceFactory } from '../factories/workspace.js';
import { gate } from '../support/gate.js';
import { graphql, type Harness, poster, rawRequest, startHarness, trpcClient } from '../support/harness.js';
import { startReceiver } from '../support/receiver.js';

const token = 'metrics-token-for-the-test-0123456789';
/** Shedding as soon as one database call waits (or has waited 1 ms). */
const SHED_AT_ONCE = { eventLoopDelayMs: 0, heapUsedRatio: 0, dbWaiters: 1, queueWaitMs: 1 };
let h: Harness;
let metrics!: Metrics;
let side: Server;
const sender = httpWebhookSender({ timeoutMs: 10_000, allowInsecure: true });

beforeAll(async () => {
  h = await startHarness({
    allowInsecureWebhooks: true,
    app: (database) => {
      metrics = createMetrics({ sql: database.sql }, database);
      return { metrics: { metrics, token } };
    },
  });
  await ensureSigningKey(h.deps);
  side = await startMetricsServer(metrics, { host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  side?.close();
  await sender.close();
  await h?.close();
});

const scrape = async (authorization?: string) => rawRequest(h, 'GET', '/metrics', { headers: authorization ? { authorization } : {} });

/** The value of one sample line, e.g. `fas_webhook_attempts_total{outcome="success"}`. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('/metrics', () => {
  it('answers the operator token only: not without credentials, not to a workspace key or admin token', async () => {
    const ws = await workspaceFactory(h.deps);
    for (const auth of [undefined, `Bearer ${ws.apiKey}`, `Bearer ${ws.adminToken}`, `Bearer ${token}x`, `Basic ${token}`]) {
      const r = await scrape(auth);
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('UNAUTHENTICATED');
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    const ok = await scrape(`Bearer ${token}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toMatch(/^fas_process_cpu_user_seconds_total /m);
  });

  it('counts requests per REST route, tRPC procedure and GraphQL operation, by status class', async () => {
    const ws = await workspaceFactory(h.deps);
    const post = poster(h, ws.apiKey);
    expect((await post('/api/v2/accounts', { type: 'individual', email: 'm@example.com' })).status).toBe(201);
    expect((await post('/api/v2/accounts', { type: 'robot' })).status).toBe(400);
    await trpcClient(h, ws.adminToken).accounts.list.query({ limit: 5 });
    expect((await graphql(h, ws.apiKey, 'query AccountsForMetrics { accounts(limit: 1) { total } }')).status).toBe(200);
    const text = (await scrape(`Bearer ${token}`)).body as string;
    const count = (labels: string) => sample(text, `fas_http_request_duration_seconds_count{${labels}}`) ?? 0;
    expect(count('protocol="rest",operation="/api/v2/accounts",method="POST",status_class="2xx"')).toBeGreaterThanOrEqual(1);
    expect(count('protocol="rest",operation="/api/v2/accounts",method="POST",status_class="4xx"')).toBeGreaterThanOrEqual(1);
    expect(count('protocol="trpc",operation="accounts.list",method="GET",status_class="2xx"')).toBeGreaterThanOrEqual(1);
    expect(count('protocol="graphql",operation="AccountsForMetrics",method="POST",status_class="2xx"')).toBeGreaterThanOrEqual(1);
    // A made-up procedure is not a label of its own.
    await fetch(`${h.baseUrl}/trpc/no.such.thing`);
    const after = (await scrape(`Bearer ${token}`)).body as string;
    expect(after).not.toContain('no.such.thing');
  });

  it('reports webhook attempts, their latency, event-to-first-attempt, the queue and disabled targets; also on its own listener', async () => {
    const ws = await workspaceFactory(h.deps);
    const ok = await startReceiver();
    const failing = await startReceiver((_r, res) => res.writeHead(500).end());
    const post = poster(h, ws.apiKey);
    for (const url of [ok.url, failing.url]) expect((await post('/api/v2/webhook-targets', { url })).status).toBe(201);
    const before = (await scrape(`Bearer ${token}`)).body as string;
    const firstBefore = sample(before, 'fas_webhook_event_to_first_attempt_seconds_count') ?? 0;
    expect((await post('/api/v2/accounts', { type: 'individual', email: 'hook@example.com' })).status).toBe(201);
    // The database gauges are read in the background: read them now rather than wait for the timer.
    await metrics.database.refresh();
    const queued = (await scrape(`Bearer ${token}`)).body as string;
    expect(sample(queued, 'fas_webhook_deliveries{state="due"}')).toBeGreaterThanOrEqual(2);

    const dispatcher = new Dispatcher(h.deps, {
      sender,
      timeoutMs: 10_000,
      retry: { baseMs: 60_000, factor: 2, jitter: 0 },
      observer: metrics.dispatcher,
    });
    while ((await dispatcher.runOnce()) > 0) {}
    await h.database.sql(Prisma.sql`UPDATE webhook_targets SET status = 'disabled' WHERE url = ${failing.url}`);

    await metrics.database.refresh();
    const port = (side.address() as AddressInfo).port;
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(sample(text, 'fas_webhook_attempts_total{outcome="success"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'fas_webhook_attempts_total{outcome="http_error"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'fas_webhook_attempt_duration_seconds_count{outcome="success"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'fas_webhook_event_to_first_attempt_seconds_count')).toBe(firstBefore + 2);
    expect(sample(text, 'fas_webhook_deliveries{state="scheduled"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'fas_webhook_targets_disabled')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'fas_db_pool_connections{state="size"}')).toBe(h.database.connections);
    expect(sample(text, 'fas_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    await ok.close();
    await failing.close();
  });

  it('answers from memory while the database is held busy, and marks its database gauges stale when they are late', async () => {
    // A second app on this database, shedding at the first database call that waits, whose gauges
    // are read when the test says (refresh) and given up after 200 ms.
    let busy!: Metrics;
    const other = await startHarness({
      database: h.database,
      app: (database) => {
        busy = createMetrics({ sql: database.sql }, database, { refreshMs: 600_000, timeoutMs: 200 });
        return {
          metrics: { metrics: busy, token },
          shedding: { ...SHED_AT_ONCE, waiting: database.waiting, oldestWaitMs: database.oldestWaitMs, connections: database.connections },
        };
      },
    });
    const scrapeOther = async () => {
      const r = await rawRequest(other, 'GET', '/metrics', { headers: { authorization: `Bearer ${token}` } });
      return { status: r.status, text: r.body as string };
    };
    await busy.database.refresh();
    expect(sample((await scrapeOther()).text, 'fas_db_gauges_stale')).toBe(0);
    const isHeld = gate();
    const released = gate();
    // PGlite: its one connection, in a transaction that waits; PostgreSQL: the tables the gauges read, locked.
    const holder = h.deps.db.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe('LOCK TABLE webhook_deliveries, webhook_targets IN ACCESS EXCLUSIVE MODE');
        isHeld.open();
        await released.opened;
      },
      { timeout: 120_000 },
    );
    try {
      await isHeld.opened;
      await busy.database.refresh(); // gives up after its timeout: the database is held until release
      const [metricsAnswer, health] = await Promise.all([scrapeOther(), rawRequest(other, 'GET', '/healthz')]);
      expect(health.status).toBe(200);
      expect(metricsAnswer.status).toBe(200);
      expect(sample(metricsAnswer.text, 'fas_db_gauges_stale')).toBe(1);
      expect(metricsAnswer.text).toMatch(/^fas_webhook_deliveries\{state="due"\} /m);
    } finally {
      released.open();
      await holder;
    }
    await busy.database.refresh();
    expect(sample((await scrapeOther()).text, 'fas_db_gauges_stale')).toBe(0);
    await other.close();
  }, 120_000);
});
