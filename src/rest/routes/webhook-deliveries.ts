import type { FastifyInstance } from 'fastify';
import { getWebhookDelivery } from '../../core/webhooks/get-webhook-delivery.js';
import { listWebhookDeliveries } from '../../core/webhooks/list-webhook-deliveries.js';
import { redeliverWebhookDelivery } from '../../core/webhooks/redeliver-webhook-delivery.js';

type ById = { Params: { deliveryId: string } };

export function webhookDeliveryRoutes(app: FastifyInstance): void {
  app.get('/api/v2/webhook-deliveries', async (req) => listWebhookDeliveries(req.ctx, req.query));
  app.get<ById>('/api/v2/webhook-deliveries/:deliveryId', async (req) => getWebhookDelivery(req.ctx, req.params));
  app.post<ById>('/api/v2/webhook-deliveries/:deliveryId/redeliver', async (req, reply) =>
    reply.code(202).send(await redeliverWebhookDelivery(req.ctx, req.params)),
  );
}
