import { SYSTEM_NOTES } from './events.js';

/** The fields of a delivery's body (`WebhookEvent` in openapi.yaml), in their order on the wire. */
export interface DeliveryPayload {
  webhookId: string;
  type: string;
  accountId: string | null;
  timestamp: string;
  details: unknown;
  systemNotes: string;
  test?: true;
}

interface DeliveryOf {
  id: string;
  type: string;
  accountId: string | null;
  occurredAt: Date;
  details: unknown;
  test?: boolean;
}

/** A delivery's body as an object: what `deliveryBody` sends, and the events API answers. */
export function deliveryPayload(d: DeliveryOf): DeliveryPayload {
  return {
    webhookId: d.id,
    type: d.type,
    accountId: d.accountId,
    timestamp: d.occurredAt.toISOString(),
    details: d.details,
    systemNotes: SYSTEM_NOTES,
    ...(d.test ? { test: true as const } : {}),
  };
}

/**
 * The exact bytes sent for a delivery (`WebhookEvent` in openapi.yaml); the same on every attempt,
 * on redelivery and on recover. `test` marks a test send (`"test": true`); a real event has no such key.
 */
export function deliveryBody(d: DeliveryOf): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(deliveryPayload(d)));
}
