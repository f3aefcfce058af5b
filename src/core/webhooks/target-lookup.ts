import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { assertUuid } from '../validation/uuid.js';
import { targetSelect } from './target-dto.js';

/** Targets per workspace (`createWebhookTarget` in openapi.yaml: the 6th is 409 LIMIT_REACHED). */
export const MAX_TARGETS = 5;

/** A target of the caller's workspace (404 NOT_FOUND for any other id). */
export async function findTarget(ctx: Ctx, targetId: string) {
  const id = assertUuid('targetId', targetId);
  const row = await ctx.db.webhookTarget.findFirst({ where: { id, workspaceId: ctx.workspaceId }, select: targetSelect });
  if (!row) throw notFound('webhook target');
  return row;
}
