import { describe, expect, it } from 'vitest';
import { DELIVERIES_CHANNEL } from '../../src/core/webhooks/events.js';
import { workspaceFactory } from '../factories/workspace.js';
import { gate } from '../support/gate.js';
import { poster } from '../support/harness.js';
import { startReceiver } from '../support/receiver.js';
import { until } from '../support/until.js';
import { webhookSetup } from '../support/webhook-setup.js';

// The running dispatcher (`start`, as `fas serve` and `fas worker` use it) is a pipeline: it claims
// as slots free up instead of waiting for a whole round, and records in bulk.

const w = webhookSetup({ timeoutMs: 10_000 });
/** The dispatcher's poll in these tests: a stopped one is shown stopped over a few of them. */
const POLL_MS = 20;

/** A receiver that holds every answer until `release()`. */
async function heldReceiver() {
  const released = gate();
  const rx = await startReceiver(async (_r, res) => {
    await released.opened;
    res.writeHead(204).end();
  });
  return { ...rx, release: released.open };
}

async function setUp(urls: string[]) {
  const ws = await workspaceFactory(w.h.deps);
  const call = poster(w.h, ws.apiKey);
  for (const url of urls) expect((await call('/api/v2/webhook-targets', { url })).status).toBe(201);
  const createAccounts = async (n: number) => {
    for (let i = 0; i < n; i++)
      expect((await call('/api/v2/accounts', { type: 'individual', email: `p${i}@example.com` })).status).toBe(201);
  };
  const deliveries = () =>
    w.h.deps.db.webhookDelivery.findMany({
      where: { workspaceId: ws.workspaceId },
      select: { id: true, status: true, attempts: true, leaseUntil: true },
    });
  return { createAccounts, deliveries, call };
}

describe('the running dispatcher', () => {
  it('keeps delivering to a fast target while a slow one holds its answers', async () => {
    const slow = await heldReceiver();
    const fast = await startReceiver();
    const { createAccounts, deliveries } = await setUp([slow.url, fast.url]);
    const d = w.dispatcher({ pollMs: 20 });
    d.start();
    try {
      await createAccounts(3);
      await until('the first three at both targets', () => slow.received.length === 3 && fast.received.length === 3);
      // The slow target's three attempts are still unanswered; events made now must not wait for them.
      await createAccounts(3);
      await until('the next three at the fast target', () => fast.received.length === 6);
      await until('the next three at the slow target too', () => slow.received.length === 6);
      // A request at the receiver is recorded only after its answer: wait for the six answered ones.
      const succeeded = async () => (await deliveries()).filter((x) => x.status === 'succeeded').length;
      await until('the six answered attempts recorded', async () => (await succeeded()) === 6);
      const before = await deliveries();
      expect(before.filter((x) => x.status === 'succeeded')).toHaveLength(6);
      expect(before.filter((x) => x.status === 'pending' && x.leaseUntil !== null)).toHaveLength(6);
    } finally {
      slow.release();
      await d.stop();
    }
    const after = await deliveries();
    expect(after).toHaveLength(12);
    expect(after.every((x) => x.status === 'succeeded' && x.attempts === 1 && x.leaseUntil === null)).toBe(true);
    // Each delivery was sent once: nothing was claimed twice while in flight.
    expect(new Set(slow.received.map((r) => r.headers['x-service-webhook-id'])).size).toBe(6);
    expect(new Set(fast.received.map((r) => r.headers['x-service-webhook-id'])).size).toBe(6);
    await slow.close();
    await fast.close();
  }, 30_000);

  it('stop() waits for the attempts in flight and records them', async () => {
    const slow = await heldReceiver();
    const { createAccounts, deliveries } = await setUp([slow.url]);
    const d = w.dispatcher({ pollMs: POLL_MS });
    d.start();
    await createAccounts(2);
    await until('both attempts in flight', () => slow.received.length === 2);
    let stopped = false;
    const stopping = d.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(stopped).toBe(false);
    slow.release();
    await stopping;
    const rows = await deliveries();
    expect(rows.map((x) => `${x.status}/${x.attempts}`)).toEqual(['succeeded/1', 'succeeded/1']);
    // Stopped means stopped: a new event is not delivered, though a running dispatcher would have
    // polled it within pollMs (nothing to await for a send that must not happen: a few polls' time).
    await createAccounts(1);
    await new Promise((r) => setTimeout(r, 5 * POLL_MS));
    expect(slow.received).toHaveLength(2);
    await slow.close();
  }, 30_000);

  it('is woken by the commit that makes deliveries due (NOTIFY), not by its next poll', async () => {
    const fast = await startReceiver();
    const { createAccounts, deliveries, call } = await setUp([fast.url]);
    let wakeups = 0;
    const d = w.dispatcher({
      pollMs: 60_000, // no poll will come to the rescue
      wakeups: async (wake) => {
        const unlisten = await w.h.database.listen(DELIVERIES_CHANNEL, () => {
          wakeups++;
          wake();
        });
        subscribed = true;
        return unlisten;
      },
    });
    let subscribed = false;
    const queriesBefore = w.h.queryCount();
    d.start();
    try {
      // The pump subscribes, then makes its first (empty) claim and falls asleep; the accounts'
      // statements queue behind that claim.
      await until('the subscription and the first claim', () => subscribed && w.h.queryCount() > queriesBefore, 5000);
      const asleep = wakeups;
      await createAccounts(2);
      await until('both deliveries', () => fast.received.length === 2, 5000);
      expect(wakeups).toBeGreaterThan(asleep);
      // A redelivery wakes it too.
      await until('both recorded', async () => (await deliveries()).every((x) => x.status === 'succeeded'));
      const [first] = await deliveries();
      expect((await call(`/api/v2/webhook-deliveries/${first!.id}/redeliver`, {})).status).toBe(202);
      await until('the redelivery', () => fast.received.length === 3, 5000);
    } finally {
      await d.stop();
    }
    await fast.close();
  }, 30_000);
});
