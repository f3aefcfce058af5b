import { auditUrl, changedFields, recordAudit } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { validateBody } from '../validation/validators.js';
import { targetSelect, toSubscription, toTargetDto, type WebhookTargetDto } from './target-dto.js';
import { findTarget } from './target-lookup.js';
import { checkTargetUrl, targetRulesOf } from './target-url.js';

export async function updateWebhookTarget(ctx: Ctx, input: { targetId: string; body: unknown }): Promise<WebhookTargetDto> {
  requireWriter(ctx);
  const target = await findTarget(ctx, input.targetId);
  const b = validateBody('UpdateWebhookTargetRequest', input.body);
  const url = b.url === undefined ? undefined : checkTargetUrl('url', b.url, targetRulesOf(ctx));
  const row = await ctx.db.$transaction(async (tx) => {
    const updated = await tx.webhookTarget.update({
      where: { workspaceId_id: { workspaceId: ctx.workspaceId, id: target.id } },
      data: {
        url,
        description: b.description,
        eventTypes: b.eventTypes === undefined ? undefined : toSubscription(b.eventTypes),
        updatedAt: ctx.clock.now(),
      },
      select: targetSelect,
    });
    const view = (t: typeof target) => ({ url: auditUrl(t.url), description: t.description, eventTypes: t.eventTypes });
    await recordAudit(tx, ctx, {
      action: 'webhook_target.updated',
      object: { type: 'webhook_target', id: target.id },
      changes: changedFields(view(target), view(updated), ['url', 'description', 'eventTypes']),
    });
    return updated;
  });
  return toTargetDto(row);
}
