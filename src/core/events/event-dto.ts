import type { Schemas } from '../contract.js';
import { deliveryBody } from '../webhooks/delivery-body.js';

export type EventDto = Schemas['Event'];

/** The columns an event is read with (raw SQL, snake case). */
export interface EventRow {
  id: string;
  type: string;
  account_id: string | null;
  occurred_at: Date;
  details: unknown;
}

const decoder = new TextDecoder();

/**
 * An event as the events API answers it: the webhook body (built by the same function as every
 * delivery, so the data is the same) with the event's id in place of the per-delivery `webhookId`.
 */
export function toEventDto(r: EventRow): EventDto {
  const body = deliveryBody({ id: r.id, type: r.type, accountId: r.account_id, occurredAt: new Date(r.occurred_at), details: r.details });
  // The body is the webhook of `r.type`, built from the contract's schema of that type.
  const { webhookId, ...rest } = JSON.parse(decoder.decode(body)) as { webhookId: string } & Record<string, unknown>;
  return { id: webhookId, ...rest } as EventDto;
}
