import { auditUrl, recordAudit } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { findTarget } from './target-lookup.js';

export async function deleteWebhookTarget(ctx: Ctx, input: { targetId: string }): Promise<void> {
  requireWriter(ctx);
  const target = await findTarget(ctx, input.targetId);
  await ctx.db.$transaction(async (tx) => {
    const removed = await tx.webhookTarget.deleteMany({ where: { id: target.id, workspaceId: ctx.workspaceId } });
    if (removed.count === 0) return;
    await recordAudit(tx, ctx, {
      action: 'webhook_target.deleted',
      object: { type: 'webhook_target', id: target.id },
      changes: { url: { before: auditUrl(target.url) }, status: { before: target.status } },
    });
  });
}
