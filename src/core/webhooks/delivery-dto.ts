import type { Prisma } from '../../db/generated/prisma/client.js';
import { columns } from '../columns.js';
import type { Schemas } from '../contract.js';

export type DeliveryDto = Schemas['WebhookDelivery'];

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
  'lastResponseExcerpt',
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
    nextAttemptAt: r.status === 'pending' ? (r.nextAttemptAt?.toISOString() ?? null) : null,
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError,
    lastResponseExcerpt: r.lastResponseExcerpt,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
  };
}

/** What a delivery's body is built from: its event, or a test send's stored example. */
export function eventOf(row: {
  eventType: string;
  testEvent: Prisma.JsonValue;
  event: { type: string; accountId: string | null; occurredAt: Date; details: Prisma.JsonValue } | null;
}) {
  if (row.event) return row.event;
  const t = row.testEvent as { accountId: string | null; timestamp: string; details: unknown };
  return { type: row.eventType, accountId: t.accountId, occurredAt: new Date(t.timestamp), details: t.details, test: true };
}
