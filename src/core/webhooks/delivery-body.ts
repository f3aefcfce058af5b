import { SYSTEM_NOTES } from './events.js';

/** The exact bytes sent for a delivery (`WebhookEvent` in openapi.yaml); the same on every attempt and on redelivery. */
export function deliveryBody(d: { id: string; type: string; accountId: string | null; occurredAt: Date; details: unknown }): Uint8Array {
  return new TextEncoder().encode(
    JSON.stringify({
      webhookId: d.id,
      type: d.type,
      accountId: d.accountId,
      timestamp: d.occurredAt.toISOString(),
      details: d.details,
      systemNotes: SYSTEM_NOTES,
    }),
  );
}
