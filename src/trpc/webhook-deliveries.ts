import type { PathOf, QueryOf } from '../core/contract.js';
import { getWebhookDelivery } from '../core/webhooks/get-webhook-delivery.js';
import { listWebhookDeliveries } from '../core/webhooks/list-webhook-deliveries.js';
import { redeliverWebhookDelivery } from '../core/webhooks/redeliver-webhook-delivery.js';
import { router, typed } from './init.js';
import { mutation, query } from './use-case.js';

type ById = PathOf<'getWebhookDelivery'>;

/** Dashboard: the delivery log and redelivery. */
export const webhookDeliveriesRouter = router({
  list: query(typed<QueryOf<'listWebhookDeliveries'> | undefined>(), listWebhookDeliveries, {}),
  get: query(typed<ById>(), getWebhookDelivery, { deliveryId: '' }),
  redeliver: mutation(typed<ById>(), redeliverWebhookDelivery, { deliveryId: '' }),
});
