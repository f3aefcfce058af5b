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

export const deliverySelect = columns(
  'id',
  'eventId',
  'targetId',
  'eventType',
  'testEvent',
  'status',
  'attempts',
  'nextAttemptAt',
  'lastStatusCode',
  'lastError',
  'createdAt',
  'completedAt',
) satisfies Prisma.WebhookDeliverySelect;

export function toDeliveryDto(r: Prisma.WebhookDeliveryGetPayload<{ select: typeof deliverySelect }>): DeliveryDto {
  return {
    id: r.id,
    eventId: r.eventId,
    targetId: r.targetId,
    type: r.eventType as DeliveryDto['type'],
    test: r.testEvent !== null,
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
        orderBy: [{ startedAt: 'asc' }, { retryCount: 'asc' }],
        select: { retryCount: true, startedAt: true, durationMs: true, statusCode: true, error: true, responseBody: true },
      },
    },
  });
  if (!row) throw notFound('webhook delivery');
  const body = deliveryBody({ id: row.id, ...eventOf(row) });
  return {
    delivery: toDeliveryDto(row),
    payload: JSON.parse(new TextDecoder().decode(body)),
    attempts: row.attemptLog.map((a) => ({ ...a, startedAt: a.startedAt.toISOString() })),
  };
}

/** What a delivery's body is built from: its event, or a test send's stored example. */
function eventOf(row: {
  eventType: string;
  testEvent: Prisma.JsonValue;
  event: { type: string; accountId: string | null; occurredAt: Date; details: Prisma.JsonValue } | null;
}) {
  if (row.event) return row.event;
  const t = row.testEvent as { accountId: string | null; timestamp: string; details: unknown };
  return { type: row.eventType, accountId: t.accountId, occurredAt: new Date(t.timestamp), details: t.details, test: true };
}

/**
 * Queues the same delivery again, due now: the same `webhookId` and body (receivers deduplicate
 * by it), a fresh series of retries counted from the attempts already made.
 */
export async function redeliverWebhookDelivery(ctx: Ctx, input: { deliveryId: string }): Promise<DeliveryDto> {
  requireWriter(ctx);
  const id = assertUuid('deliveryId', input.deliveryId);
  return inTransaction(ctx, async (tx) => {
    const row = await tx.webhookDelivery.findFirst({
      where: { id, workspaceId: ctx.workspaceId },
      select: { status: true, target: { select: { status: true } } },
    });
    if (!row) throw notFound('webhook delivery');
    if (row.status === 'pending') throw new AppError('INVALID_STATE', 'this delivery is still pending; it will be retried as scheduled');
    if (row.target.status !== 'active') throw new AppError('INVALID_STATE', 'the target is disabled; enable it first');
    const now = ctx.clock.now();
    // Only a finished delivery is queued again (a concurrent redeliver finds it pending).
    const [requeued] = await tx.$queryRaw<{ id: string }[]>`
      UPDATE webhook_deliveries SET status = 'pending', retry_from = attempts, next_attempt_at = ${now}, lease_until = NULL, completed_at = NULL
      WHERE id = ${id}::uuid AND workspace_id = ${ctx.workspaceId}::uuid AND status <> 'pending'
      RETURNING id`;
    if (!requeued) throw new AppError('INVALID_STATE', 'this delivery is still pending; it will be retried as scheduled');
    await tx.$executeRaw`SELECT pg_notify(${DELIVERIES_CHANNEL}, '')`;
    const updated = await tx.webhookDelivery.findFirstOrThrow({ where: { id }, select: deliverySelect });
    return toDeliveryDto(updated);
  });
}
