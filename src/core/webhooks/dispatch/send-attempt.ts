import { deliveryBody } from '../delivery-body.js';
import type { SendResult, WebhookSender } from '../sender.js';
import { SIGNATURE_VERSION, signDetached } from '../sign.js';
import type { ClaimedDelivery } from './claim-deliveries.js';
import type { SigningKey } from './signing-key-cache.js';

/** One attempt of a delivery: its body signed at `startedAt` with the current key, and sent. */
export async function sendAttempt(
  sender: WebhookSender,
  signingKey: () => Promise<SigningKey>,
  d: ClaimedDelivery,
  startedAt: Date,
): Promise<SendResult> {
  const timestamp = Math.floor(startedAt.getTime() / 1000);
  const body = deliveryBody(d);
  const signature = await signDetached(await signingKey(), body, { timestamp, webhookId: d.id, tenantId: d.workspaceId });
  const headers = {
    'content-type': 'application/json',
    'x-service-signature': signature,
    'x-service-signature-version': SIGNATURE_VERSION,
    'x-service-timestamp': String(timestamp),
    'x-service-webhook-id': d.id,
    // Within the current series: a resend starts again at 0.
    'x-service-retry-count': String(d.attempts - d.retryFrom),
    'x-tenant-id': d.workspaceId,
    ...(d.test ? { 'x-service-test': 'true' } : {}),
  };
  return sender.send(d.url, headers, body);
}
