import { DELIVERY_GROUPS, type DeliveryStatsRow, deliveryStats } from '../../core/webhooks/delivery-stats.js';
import { builder } from '../builder.js';

const Group = builder.enumType('WebhookDeliveryStatsGroup', { values: DELIVERY_GROUPS });

const Row = builder.objectRef<DeliveryStatsRow>('WebhookDeliveryStatsRow').implement({
  description: 'Delivery outcomes of a group; latency over every attempt of its deliveries.',
  fields: (t) => ({
    targetId: t.exposeID('targetId', { nullable: true }),
    day: t.exposeString('day', { nullable: true }),
    deliveries: t.exposeInt('deliveries'),
    succeeded: t.exposeInt('succeeded'),
    failed: t.exposeInt('failed'),
    pending: t.exposeInt('pending'),
    attempts: t.exposeInt('attempts'),
    successRate: t.exposeFloat('successRate', { nullable: true, description: 'succeeded / (succeeded + failed)' }),
    avgLatencyMs: t.exposeFloat('avgLatencyMs', { nullable: true }),
    p95LatencyMs: t.exposeFloat('p95LatencyMs', { nullable: true }),
  }),
});

builder.queryField('webhookDeliveryStats', (t) =>
  t.field({
    type: [Row],
    description: 'Webhook delivery statistics of your workspace by target and/or UTC day (computed in SQL).',
    args: { groupBy: t.arg({ type: [Group], required: true }), targetId: t.arg.id() },
    resolve: async (_root, args, ctx) =>
      deliveryStats(await ctx.core(), { groupBy: args.groupBy, targetId: args.targetId ? String(args.targetId) : null }),
  }),
);
