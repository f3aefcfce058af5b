import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { targetSelect, toTargetDto, type WebhookTargetDto } from './target-dto.js';
import { findTarget } from './target-lookup.js';

/** Re-activates a disabled target (disabled after its retries ran out); an active one is answered unchanged. */
export async function enableWebhookTarget(ctx: Ctx, input: { targetId: string }): Promise<WebhookTargetDto> {
  requireWriter(ctx);
  const target = await findTarget(ctx, input.targetId);
  // In the use case's transaction, so an Idempotency-Key's answer is stored with the change.
  return inTransaction(ctx, async (tx) => {
    if (target.status === 'active') return toTargetDto(target);
    const row = await tx.webhookTarget.update({
      where: { workspaceId_id: { workspaceId: ctx.workspaceId, id: target.id } },
      data: { status: 'active', disabledReason: null, disabledAt: null, updatedAt: ctx.clock.now() },
      select: targetSelect,
    });
    return toTargetDto(row);
  });
}
