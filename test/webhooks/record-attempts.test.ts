import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAudit } from '../../src/core/audit/verify-audit.js';
import { recordAttempts } from '../../src/core/webhooks/dispatch/record-attempts.js';
import type { SendResult } from '../../src/core/webhooks/sender.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, poster, startHarness } from '../support/harness.js';

// Recording a batch of attempts is one statement: each delivery is updated only under the lease it
// was sent with, and its attempt row, its next state and a target's disabling go together.

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ allowInsecureWebhooks: true });
});
afterAll(async () => {
  await h?.close();
});

const retry = { baseMs: 60_000, factor: 2, jitter: 0 };
const ok: SendResult = { statusCode: 204, error: null, responseBody: null, durationMs: 3 };
const refused: SendResult = { statusCode: null, error: 'connect ECONNREFUSED', responseBody: null, durationMs: 1 };

/** A workspace with one target per url and one event, so one pending delivery per target, leased. */
async function leasedDeliveries(urls: string[]) {
  const ws = await workspaceFactory(h.deps);
  const post = poster(h, ws.apiKey);
  for (const url of urls) expect((await post('/api/v2/webhook-targets', { url })).status).toBe(201);
  expect((await post('/api/v2/accounts', { type: 'individual', email: 'r@example.com' })).status).toBe(201);
  const lease = new Date(Date.now() + 60_000);
  await h.deps.db.webhookDelivery.updateMany({ where: { workspaceId: ws.workspaceId }, data: { leaseUntil: lease } });
  const rows = await h.deps.db.webhookDelivery.findMany({
    where: { workspaceId: ws.workspaceId },
    select: { workspaceId: true, id: true, targetId: true, eventType: true },
    orderBy: { id: 'asc' },
  });
  return { rows, lease };
}

const outcome = (
  d: { workspaceId: string; id: string; targetId: string; eventType: string },
  leaseUntil: Date,
  retryCount: number,
  result: SendResult,
) => ({
  workspaceId: d.workspaceId,
  deliveryId: d.id,
  targetId: d.targetId,
  eventType: d.eventType,
  retryCount,
  retryFrom: 0,
  test: false,
  leaseUntil,
  startedAt: new Date(),
  result,
});

describe('recordAttempts', () => {
  it('ignores an attempt sent under a lease that is no longer the delivery’s', async () => {
    const { rows, lease } = await leasedDeliveries(['http://127.0.0.1:9/a']);
    const d = rows[0]!;
    expect(await recordAttempts(h.deps, retry, [outcome(d, new Date(lease.getTime() - 1), 0, ok)])).toBe(0);
    expect(await h.deps.db.webhookAttempt.count({ where: { deliveryId: d.id } })).toBe(0);
    expect(await h.deps.db.webhookDelivery.findFirstOrThrow({ where: { id: d.id } })).toMatchObject({ status: 'pending', attempts: 0 });

    expect(await recordAttempts(h.deps, retry, [outcome(d, lease, 0, ok)])).toBe(1);
    expect(await h.deps.db.webhookDelivery.findFirstOrThrow({ where: { id: d.id } })).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      leaseUntil: null,
      lastStatusCode: 204,
    });
    // Recorded once: the same outcome again finds no lease to match.
    expect(await recordAttempts(h.deps, retry, [outcome(d, lease, 0, ok)])).toBe(0);
    expect(await h.deps.db.webhookAttempt.count({ where: { deliveryId: d.id } })).toBe(1);
  });

  it('in one batch: schedules a retry, and fails a last retry for good, disabling only that target', async () => {
    const { rows, lease } = await leasedDeliveries(['http://127.0.0.1:9/a', 'http://127.0.0.1:9/b']);
    const [first, last] = rows as [(typeof rows)[0], (typeof rows)[0]];
    const before = Date.now();
    expect(await recordAttempts(h.deps, retry, [outcome(first, lease, 0, refused), outcome(last, lease, 5, refused)])).toBe(2);

    const retried = await h.deps.db.webhookDelivery.findFirstOrThrow({ where: { id: first.id } });
    expect(retried).toMatchObject({ status: 'pending', attempts: 1, leaseUntil: null, lastError: 'connect ECONNREFUSED' });
    expect(retried.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    expect(retried.completedAt).toBeNull();

    const failed = await h.deps.db.webhookDelivery.findFirstOrThrow({ where: { id: last.id } });
    expect(failed).toMatchObject({ status: 'failed', attempts: 6, leaseUntil: null });
    expect(failed.completedAt).not.toBeNull();

    const targets = await h.deps.db.webhookTarget.findMany({ where: { id: { in: [first.targetId, last.targetId] } } });
    const byId = new Map(targets.map((t) => [t.id, t]));
    expect(byId.get(first.targetId)).toMatchObject({ status: 'active', disabledReason: null });
    expect(byId.get(last.targetId)).toMatchObject({ status: 'disabled' });
    expect(byId.get(last.targetId)!.disabledReason).toContain(`delivery ${last.id} (account_created) failed 6 attempts`);

    const attempts = await h.deps.db.webhookAttempt.findMany({ where: { deliveryId: { in: [first.id, last.id] } } });
    expect(attempts.map((a) => `${a.deliveryId === first.id ? 'first' : 'last'}:${a.retryCount}:${a.error}`).sort()).toEqual([
      'first:0:connect ECONNREFUSED',
      'last:5:connect ECONNREFUSED',
    ]);
  });

  it('a disabling appends webhook_target.disabled by the webhook worker, once, in the same transaction', async () => {
    const { rows, lease } = await leasedDeliveries(['http://127.0.0.1:9/c', 'http://127.0.0.1:9/d']);
    const [kept, dropped] = rows as [(typeof rows)[0], (typeof rows)[0]];
    const workspaceId = dropped.workspaceId;
    const disabledRecords = () =>
      h.deps.db.$queryRaw<{ object_id: string; actor_kind: string; actor_name: string; changes: any }[]>`
        SELECT object_id, actor_kind, actor_name, changes FROM audit_records
        WHERE workspace_id = ${workspaceId}::uuid AND action = 'webhook_target.disabled'`;
    // The transaction fails after the statement (the audit append refused): the target stays active.
    const execute = h.deps.db.$transaction.bind(h.deps.db);
    h.deps.db.$transaction = ((fn: any, o?: any) =>
      execute(async (tx: any) => {
        await fn(tx);
        throw new Error('the audit append failed');
      }, o)) as typeof h.deps.db.$transaction;
    try {
      await expect(recordAttempts(h.deps, retry, [outcome(dropped, lease, 5, refused)])).rejects.toThrow('the audit append failed');
    } finally {
      h.deps.db.$transaction = execute as typeof h.deps.db.$transaction;
    }
    expect(await h.deps.db.webhookTarget.findFirstOrThrow({ where: { id: dropped.targetId } })).toMatchObject({ status: 'active' });
    expect(await disabledRecords()).toEqual([]);

    expect(await recordAttempts(h.deps, retry, [outcome(kept, lease, 0, refused), outcome(dropped, lease, 5, refused)])).toBe(2);
    const records = await disabledRecords();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ object_id: dropped.targetId, actor_kind: 'system', actor_name: 'webhook worker' });
    expect(records[0]?.changes).toMatchObject({ status: { before: 'active', after: 'disabled' } });
    expect(records[0]?.changes.disabledReason.after).toContain(`delivery ${dropped.id}`);
    // Nothing more to disable: the same outcomes again record nothing, and the chain verifies.
    expect(await recordAttempts(h.deps, retry, [outcome(dropped, lease, 5, refused)])).toBe(0);
    expect(await disabledRecords()).toHaveLength(1);
    expect((await verifyAudit(h.deps, { workspaceId })).breaks).toEqual([]);
  });
});
