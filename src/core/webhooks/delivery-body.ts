import { SYSTEM_NOTES } from './events.js';

/**
 * The exact bytes sent for a delivery (`WebhookEvent` in openapi.yaml); the same on every attempt,
 * on redelivery and on recover. `test` marks a test send (`"test": true`); a real event has no such key.
 */
export function deliveryBody(d: {
  id: string;
  type: string;
  accountId: string | null;
  occurredAt: Date;
  details: unknown;
  test?: boolean;
}): Uint8Array {
  return new TextEncoder().encode(
    JSON.stringify({
      webhookId: d.id,
      type: d.type,
      accountId: d.accountId,
      timestamp: d.occurredAt.toISOString(),
      details: d.details,
      systemNotes: SYSTEM_NOTES,
      ...(d.test ? { test: true } : {}),
    }),
  );
}
