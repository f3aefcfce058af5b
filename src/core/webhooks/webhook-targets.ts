import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { type Page, skipTake } from '../pagination.js';
import { assertUuid } from '../validation/uuid.js';
import { validateBody, validateQuery } from '../validation/validators.js';
import { targetSelect, toSubscription, toTargetDto, type WebhookTargetDto } from './target-dto.js';
import { checkTargetUrl, targetRulesOf } from './target-url.js';

/** Targets per workspace (`createWebhookTarget` in openapi.yaml: the 6th is 409 LIMIT_REACHED). */
export const MAX_TARGETS = 5;

export async function findTarget(ctx: Ctx, targetId: string) {
  const id = assertUuid('targetId', targetId);
  const row = await ctx.db.webhookTarget.findFirst({ where: { id, workspaceId: ctx.workspaceId }, select: targetSelect });
  if (!row) throw notFound('webhook target');
  return row;
}

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
    return toTargetDto(row);
  });
}

export async function listWebhookTargets(ctx: Ctx, input: unknown): Promise<Page<WebhookTargetDto>> {
  const q = validateQuery('listWebhookTargets', input);
  const where = { workspaceId: ctx.workspaceId };
  const [rows, total] = await Promise.all([
    ctx.db.webhookTarget.findMany({ where, select: targetSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...skipTake(q) }),
    ctx.db.webhookTarget.count({ where }),
  ]);
  return { data: rows.map(toTargetDto), page: q.page, limit: q.limit, total };
}

export async function getWebhookTarget(ctx: Ctx, input: { targetId: string }): Promise<WebhookTargetDto> {
  return toTargetDto(await findTarget(ctx, input.targetId));
}

export async function updateWebhookTarget(ctx: Ctx, input: { targetId: string; body: unknown }): Promise<WebhookTargetDto> {
  requireWriter(ctx);
  const target = await findTarget(ctx, input.targetId);
  const b = validateBody('UpdateWebhookTargetRequest', input.body);
  const url = b.url === undefined ? undefined : checkTargetUrl('url', b.url, targetRulesOf(ctx));
  const row = await ctx.db.webhookTarget.update({
    where: { id: target.id },
    data: {
      url,
      description: b.description,
      eventTypes: b.eventTypes === undefined ? undefined : toSubscription(b.eventTypes),
      updatedAt: ctx.clock.now(),
    },
    select: targetSelect,
  });
  return toTargetDto(row);
}

export async function deleteWebhookTarget(ctx: Ctx, input: { targetId: string }): Promise<void> {
  requireWriter(ctx);
  const target = await findTarget(ctx, input.targetId);
  await ctx.db.webhookTarget.deleteMany({ where: { id: target.id, workspaceId: ctx.workspaceId } });
}

/** Re-activates a disabled target (disabled after its retries ran out); an active one is answered unchanged. */
export async function enableWebhookTarget(ctx: Ctx, input: { targetId: string }): Promise<WebhookTargetDto> {
  requireWriter(ctx);
  const target = await findTarget(ctx, input.targetId);
  // In the use case's transaction, so an Idempotency-Key's answer is stored with the change.
  return inTransaction(ctx, async (tx) => {
    if (target.status === 'active') return toTargetDto(target);
    const row = await tx.webhookTarget.update({
      where: { id: target.id },
      data: { status: 'active', disabledReason: null, disabledAt: null, updatedAt: ctx.clock.now() },
      select: targetSelect,
    });
    return toTargetDto(row);
  });
}
