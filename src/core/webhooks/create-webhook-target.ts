import { auditUrl, recordAudit } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { AppError } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { validateBody } from '../validation/validators.js';
import { targetSelect, toSubscription, toTargetDto, type WebhookTargetDto } from './target-dto.js';
import { MAX_TARGETS } from './target-lookup.js';
import { checkTargetUrl, targetRulesOf } from './target-url.js';

/** Registers a target (subscribed to `eventTypes`, or to every type); the workspace row lock makes the limit hold under concurrent requests. */
export async function createWebhookTarget(ctx: Ctx, input: unknown): Promise<WebhookTargetDto> {
  requireWriter(ctx);
  const b = validateBody('CreateWebhookTargetRequest', input);
  const url = checkTargetUrl('url', b.url, targetRulesOf(ctx));
  const now = ctx.clock.now();
  return inTransaction(ctx, async (tx) => {
    await tx.$queryRaw`SELECT id FROM workspaces WHERE id = ${ctx.workspaceId}::uuid FOR UPDATE`;
    if ((await tx.webhookTarget.count({ where: { workspaceId: ctx.workspaceId } })) >= MAX_TARGETS) {
      throw new AppError('LIMIT_REACHED', `a workspace has at most ${MAX_TARGETS} webhook targets; delete one first`);
    }
    const row = await tx.webhookTarget.create({
      data: {
        id: ctx.ids.uuid(),
        workspaceId: ctx.workspaceId,
        url,
        description: b.description ?? null,
        eventTypes: toSubscription(b.eventTypes),
        createdAt: now,
        updatedAt: now,
      },
      select: targetSelect,
    });
    await recordAudit(tx, ctx, {
      action: 'webhook_target.created',
      object: { type: 'webhook_target', id: row.id },
      changes: {
        url: { after: auditUrl(url) },
        description: { after: b.description ?? null },
        eventTypes: { after: b.eventTypes ?? null },
        status: { after: row.status },
      },
    });
    return toTargetDto(row);
  });
}
