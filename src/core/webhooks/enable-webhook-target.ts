import { recordAudit } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { toTargetDto, type WebhookTargetDto } from './target-dto.js';
import { findTarget } from './target-lookup.js';
import { activateTarget } from './target-state.js';

/**
 * Makes a disabled (or paused) target active again, probing first: its oldest parked delivery is
 * sent at once, the rest when a delivery succeeds (`activateTarget`); an active one is answered
 * unchanged. `enableWebhookTarget` and `resumeWebhookTarget` in openapi.yaml are both this.
 */
export async function enableWebhookTarget(ctx: Ctx, input: { targetId: string }): Promise<WebhookTargetDto> {
  requireWriter(ctx);
  const target = await findTarget(ctx, input.targetId);
  // In the use case's transaction, so an Idempotency-Key's answer is stored with the change.
  return inTransaction(ctx, async (tx) => {
    if (target.status === 'active') return toTargetDto(target);
    const enabled = await activateTarget(tx, ctx, target.id);
    await recordAudit(tx, ctx, {
      action: target.status === 'paused' ? 'webhook_target.resumed' : 'webhook_target.enabled',
      object: { type: 'webhook_target', id: target.id },
      changes: { status: { before: target.status, after: 'active' } },
    });
    return enabled;
  });
}

/** Resumes a paused (or disabled) target: the same as enabling it. */
export const resumeWebhookTarget = enableWebhookTarget;
