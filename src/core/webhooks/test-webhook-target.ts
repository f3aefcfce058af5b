import { recordAudit } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { type Schemas, WEBHOOK_EXAMPLES } from '../contract.js';
import { AppError } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { validateBody } from '../validation/validators.js';
import { deliverySelect, toDeliveryDto } from './delivery-dto.js';
import { DELIVERIES_CHANNEL } from './events.js';
import { findTarget } from './target-lookup.js';

/** How often a waiting test send looks whether its attempt was recorded. */
const WAIT_POLL_MS = 100;

/**
 * Sends the contract's example of an event type to a target (whatever it subscribes to): a
 * delivery without an event, whose body (the example's `accountId` and `details`, stamped now,
 * with `"test": true`) is stored on it, signed and sent by the dispatcher like any other, once.
 * With `waitSeconds`, answers once the dispatcher recorded the endpoint's answer (or when that
 * time is up, still pending). An Idempotency-Key replay answers the delivery as it was created.
 */
export async function testWebhookTarget(ctx: Ctx, input: { targetId: string; body: unknown }): Promise<Schemas['WebhookDelivery']> {
  requireWriter(ctx);
  const target = await findTarget(ctx, input.targetId);
  const { eventType, waitSeconds = 0 } = validateBody('TestWebhookTargetRequest', input.body);
  if (target.status !== 'active') {
    throw new AppError('INVALID_STATE', `the target is ${target.status}; ${target.status === 'paused' ? 'resume' : 'enable'} it first`);
  }
  const example = WEBHOOK_EXAMPLES[eventType];
  const now = ctx.clock.now();
  const created = await inTransaction(ctx, async (tx) => {
    const row = await tx.webhookDelivery.create({
      data: {
        id: ctx.ids.uuid(),
        targetId: target.id,
        workspaceId: ctx.workspaceId,
        eventType,
        testEvent: { accountId: example.accountId, timestamp: now.toISOString(), details: example.details },
        nextAttemptAt: now,
        createdAt: now,
      },
      select: deliverySelect,
    });
    await tx.$executeRaw`SELECT pg_notify(${DELIVERIES_CHANNEL}, '')`;
    await recordAudit(tx, ctx, {
      action: 'webhook_target.tested',
      object: { type: 'webhook_target', id: target.id },
      changes: { eventType: { after: eventType }, deliveryId: { after: row.id } },
    });
    return toDeliveryDto(row);
  });
  return waitSeconds > 0 ? waitForAnswer(ctx, created, waitSeconds * 1000) : created;
}

/** The delivery once it is no longer pending, or as it is when `ms` have passed. */
async function waitForAnswer(ctx: Ctx, delivery: Schemas['WebhookDelivery'], ms: number): Promise<Schemas['WebhookDelivery']> {
  const deadline = Date.now() + ms;
  let latest = delivery;
  while (latest.status === 'pending' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(WAIT_POLL_MS, Math.max(0, deadline - Date.now()))));
    const row = await ctx.db.webhookDelivery.findUniqueOrThrow({
      where: { workspaceId_id: { workspaceId: ctx.workspaceId, id: delivery.id } },
      select: deliverySelect,
    });
    latest = toDeliveryDto(row);
  }
  return latest;
}
