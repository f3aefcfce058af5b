import { recordAudit } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { assertUuid } from '../validation/uuid.js';
import { type DeliveryDto, deliverySelect, toDeliveryDto } from './delivery-dto.js';
import { DELIVERIES_CHANNEL } from './events.js';
import { dueAtFor } from './target-state.js';

/**
 * Queues the same delivery again, due now: the same `webhookId` and body (receivers deduplicate
 * by it), a fresh series of retries counted from the attempts already made. For a paused or
 * disabled target it is queued parked (`nextAttemptAt` null), sent once the target is active again.
 */
export async function redeliverWebhookDelivery(ctx: Ctx, input: { deliveryId: string }): Promise<DeliveryDto> {
  requireWriter(ctx);
  const id = assertUuid('deliveryId', input.deliveryId);
  return inTransaction(ctx, async (tx) => {
    const row = await tx.webhookDelivery.findFirst({
      where: { id, workspaceId: ctx.workspaceId },
      select: { status: true, target: { select: { status: true } } },
    });
    if (!row) throw notFound('webhook delivery');
    if (row.status === 'pending') throw new AppError('INVALID_STATE', 'this delivery is still pending; it will be retried as scheduled');
    const due = dueAtFor(row.target.status, ctx.clock.now());
    // Only a finished delivery is queued again (a concurrent redeliver finds it pending).
    const [requeued] = await tx.$queryRaw<{ id: string }[]>`
      UPDATE webhook_deliveries SET status = 'pending', retry_from = attempts, next_attempt_at = ${due}::timestamptz, lease_until = NULL, completed_at = NULL
      WHERE id = ${id}::uuid AND workspace_id = ${ctx.workspaceId}::uuid AND status <> 'pending'
      RETURNING id`;
    if (!requeued) throw new AppError('INVALID_STATE', 'this delivery is still pending; it will be retried as scheduled');
    if (due) await tx.$executeRaw`SELECT pg_notify(${DELIVERIES_CHANNEL}, '')`;
    await recordAudit(tx, ctx, {
      action: 'webhook_delivery.redelivered',
      object: { type: 'webhook_delivery', id },
      changes: { status: { before: row.status, after: 'pending' } },
    });
    const updated = await tx.webhookDelivery.findUniqueOrThrow({
      where: { workspaceId_id: { workspaceId: ctx.workspaceId, id } },
      select: deliverySelect,
    });
    return toDeliveryDto(updated);
  });
}
