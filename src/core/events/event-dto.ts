import type { Schemas } from '../contract.js';
import { deliveryPayload } from '../webhooks/delivery-body.js';

export type EventDto = Schemas['Event'];

/** The columns an event is read with (raw SQL, snake case). */
export interface EventRow {
  id: string;
  type: string;
  account_id: string | null;
  occurred_at: Date;
  details: unknown;
}

/**
 * An event as the events API answers it: the webhook body (built by the same function as every
 * delivery, so the data is the same) with the event's id in place of the per-delivery `webhookId`.
 * The object itself, not its bytes parsed back (a page of 100 paid a stringify and a parse per row).
 */
export function toEventDto(r: EventRow): EventDto {
  const { webhookId, ...rest } = deliveryPayload({
    id: r.id,
    type: r.type,
    accountId: r.account_id,
    occurredAt: new Date(r.occurred_at),
    details: r.details,
  });
  // The payload is the webhook of `r.type`, built from the contract's schema of that type.
  return { id: webhookId, ...rest } as EventDto;
}
