import type { PathOf, QueryOf } from '../core/contract.js';
import { getWebhookDelivery, listWebhookDeliveries, redeliverWebhookDelivery } from '../core/webhooks/deliveries.js';
import { authedProcedure, router, typed } from './init.js';

type ById = PathOf<'getWebhookDelivery'>;

/** Dashboard: the delivery log and redelivery. */
export const webhookDeliveriesRouter = router({
  list: authedProcedure
    .input(typed<QueryOf<'listWebhookDeliveries'> | undefined>())
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.core, input ?? {})),
  get: authedProcedure.input(typed<ById>()).query(({ ctx, input }) => getWebhookDelivery(ctx.core, input ?? { deliveryId: '' })),
  redeliver: authedProcedure
    .input(typed<ById>())
    .mutation(({ ctx, input }) => redeliverWebhookDelivery(ctx.core, input ?? { deliveryId: '' })),
});
