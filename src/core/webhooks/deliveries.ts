import type { Prisma } from '../../db/generated/prisma/client.js';
import { requireWriter } from '../auth/authorize.js';
import { columns } from '../columns.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { AppError, notFound } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { type Page, skipTake } from '../pagination.js';
import { assertUuid } from '../validation/uuid.js';
import { validateQuery } from '../validation/validators.js';
import { deliveryBody } from './delivery-body.js';
import { DELIVERIES_CHANNEL } from './events.js';

type DeliveryDto = Schemas['WebhookDelivery'];

const deliverySelect = columns(
  'id',
  'eventId',
  'targetId',
  'eventType',
  'status',
  'attempts',
  'nextAttemptAt',
  'lastStatusCode',
  'lastError',
  'createdAt',
  'completedAt',
) satisfies Prisma.WebhookDeliverySelect;

function toDeliveryDto(r: Prisma.WebhookDeliveryGetPayload<{ select: typeof deliverySelect }>): DeliveryDto {
  return {
    id: r.id,
    eventId: r.eventId,
    targetId: r.targetId,
    type: r.eventType as DeliveryDto['type'],
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
  };
}

/** The delivery log of the caller's workspace, newest first. */
export async function listWebhookDeliveries(ctx: Ctx, input: unknown): Promise<Page<DeliveryDto>> {
  const q = validateQuery('listWebhookDeliveries', input);
  const where: Prisma.WebhookDeliveryWhereInput = { workspaceId: ctx.workspaceId };
  if (q.targetId) where.targetId = q.targetId.toLowerCase();
  if (q.status) where.status = q.status;
  if (q.type) where.eventType = q.type;
  const [rows, total] = await Promise.all([
    ctx.db.webhookDelivery.findMany({ where, select: deliverySelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...skipTake(q) }),
    ctx.db.webhookDelivery.count({ where }),
  ]);
  return { data: rows.map(toDeliveryDto), page: q.page, limit: q.limit, total };
}

/** One delivery with the exact payload and every attempt. */
export async function getWebhookDelivery(ctx: Ctx, input: { deliveryId: string }): Promise<Schemas['WebhookDeliveryDetail']> {
  const id = assertUuid('deliveryId', input.deliveryId);
  const row = await ctx.db.webhookDelivery.findFirst({
    where: { id, workspaceId: ctx.workspaceId },
    select: {
      ...deliverySelect,
      event: { select: { type: true, accountId: true, occurredAt: true, details: true } },
      attemptLog: {
        orderBy: { retryCount: 'asc' },
        select: { retryCount: true, startedAt: true, durationMs: true, statusCode: true, error: true, responseBody: true },
      },
    },
  });
  if (!row) throw notFound('webhook delivery');
  const body = deliveryBody({ id: row.id, ...row.event });
  return {
    delivery: toDeliveryDto(row),
    payload: JSON.parse(new TextDecoder().decode(body)),
    attempts: row.attemptLog.map((a) => ({ ...a, startedAt: a.startedAt.toISOString() })),
  };
}

/** A new delivery of the same event to the same target, due now (retries from 0). */
export async function redeliverWebhookDelivery(ctx: Ctx, input: { deliveryId: string }): Promise<DeliveryDto> {
  requireWriter(ctx);
  const id = assertUuid('deliveryId', input.deliveryId);
  return inTransaction(ctx, async (tx) => {
    const row = await tx.webhookDelivery.findFirst({
      where: { id, workspaceId: ctx.workspaceId },
      select: { status: true, eventId: true, eventType: true, targetId: true, target: { select: { status: true } } },
    });
    if (!row) throw notFound('webhook delivery');
    if (row.status === 'pending') throw new AppError('INVALID_STATE', 'this delivery is still pending; it will be retried as scheduled');
    if (row.target.status !== 'active') throw new AppError('INVALID_STATE', 'the target is disabled; enable it first');
    const now = ctx.clock.now();
    const created = await tx.webhookDelivery.create({
      data: {
        id: ctx.ids.uuid(),
        eventId: row.eventId,
        targetId: row.targetId,
        workspaceId: ctx.workspaceId,
        eventType: row.eventType,
        nextAttemptAt: now,
        createdAt: now,
      },
      select: deliverySelect,
    });
    await tx.$executeRaw`SELECT pg_notify(${DELIVERIES_CHANNEL}, '')`;
    return toDeliveryDto(created);
  });
}
