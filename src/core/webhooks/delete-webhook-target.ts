import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { findTarget } from './target-lookup.js';

export async function deleteWebhookTarget(ctx: Ctx, input: { targetId: string }): Promise<void> {
  requireWriter(ctx);
  const target = await findTarget(ctx, input.targetId);
  await ctx.db.webhookTarget.deleteMany({ where: { id: target.id, workspaceId: ctx.workspaceId } });
}
