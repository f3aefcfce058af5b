import { recordAudit } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { targetSelect, toTargetDto, type WebhookTargetDto } from './target-dto.js';
import { findTarget } from './target-lookup.js';
import { parkDeliveries } from './target-state.js';

/**
 * Pauses a target on purpose: nothing is sent to it, and its pending deliveries, with those of the
 * events emitted meanwhile, are kept parked (`nextAttemptAt` null) until it is resumed. A disabled
 * target may be paused too (its disabled reason is then cleared); a paused one is answered unchanged.
 */
export async function pauseWebhookTarget(ctx: Ctx, input: { targetId: string }): Promise<WebhookTargetDto> {
  requireWriter(ctx);
  const target = await findTarget(ctx, input.targetId);
  return inTransaction(ctx, async (tx) => {
    if (target.status === 'paused') return toTargetDto(target);
    const row = await tx.webhookTarget.update({
      where: { workspaceId_id: { workspaceId: ctx.workspaceId, id: target.id } },
      data: { status: 'paused', disabledReason: null, disabledAt: null, updatedAt: ctx.clock.now() },
      select: targetSelect,
    });
    await parkDeliveries(tx, ctx, target.id);
    await recordAudit(tx, ctx, {
      action: 'webhook_target.paused',
      object: { type: 'webhook_target', id: target.id },
      changes: { status: { before: target.status, after: 'paused' } },
    });
    return toTargetDto(row);
  });
}
