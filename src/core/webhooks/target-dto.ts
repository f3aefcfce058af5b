import type { Prisma } from '../../db/generated/prisma/client.js';
import { columns, withIsoDates } from '../columns.js';
import type { Schemas } from '../contract.js';
import { EVENT_TYPES, type EventType } from './events.js';

export type WebhookTargetDto = Schemas['WebhookTarget'];

export const targetSelect = columns(
  'id',
  'url',
  'description',
  'status',
  'disabledReason',
  'disabledAt',
  'eventTypes',
  'createdAt',
  'updatedAt',
) satisfies Prisma.WebhookTargetSelect;

/**
 * A subscription as stored: deduplicated, in the contract's order; every type is `[]` (the
 * dispatcher's "no filter"), so types added to the contract later reach such a target too.
 */
export function toSubscription(types: readonly EventType[] | null | undefined): EventType[] {
  if (!types) return [];
  const wanted = new Set(types);
  return EVENT_TYPES.filter((t) => wanted.has(t));
}

export function toTargetDto(r: Prisma.WebhookTargetGetPayload<{ select: typeof targetSelect }>): WebhookTargetDto {
  const { eventTypes, ...rest } = withIsoDates(r);
  return { ...rest, eventTypes: eventTypes.length ? toSubscription(eventTypes as EventType[]) : null };
}
