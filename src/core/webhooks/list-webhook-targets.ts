import type { Ctx } from '../context.js';
import { type Page, skipTake } from '../pagination.js';
import { validateQuery } from '../validation/validators.js';
import { targetSelect, toTargetDto, type WebhookTargetDto } from './target-dto.js';

export async function listWebhookTargets(ctx: Ctx, input: unknown): Promise<Page<WebhookTargetDto>> {
  const q = validateQuery('listWebhookTargets', input);
  const where = { workspaceId: ctx.workspaceId };
  const [rows, total] = await Promise.all([
    ctx.db.webhookTarget.findMany({ where, select: targetSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...skipTake(q) }),
    ctx.db.webhookTarget.count({ where }),
  ]);
  return { data: rows.map(toTargetDto), page: q.page, limit: q.limit, total };
}
