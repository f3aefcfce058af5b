import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { notFound } from '../errors.js';
import { assertUuid } from '../validation/uuid.js';
import { deliveryBody } from './delivery-body.js';
import { deliverySelect, eventOf, toDeliveryDto } from './delivery-dto.js';

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
