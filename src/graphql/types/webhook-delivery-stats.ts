import { DELIVERY_GROUPS, type DeliveryStatsRow, deliveryStats } from '../../core/webhooks/delivery-stats.js';
import { builder } from '../builder.js';
import { AGGREGATE } from '../limits.js';

const Group = builder.enumType('WebhookDeliveryStatsGroup', {
  description: 'What delivery statistics are grouped by: the target, the UTC day of the event.',
  values: DELIVERY_GROUPS,
});

const Row = builder.objectRef<DeliveryStatsRow>('WebhookDeliveryStatsRow').implement({
  description: 'Delivery outcomes of a group; latency over every attempt of its deliveries.',
  fields: (t) => ({
    targetId: t.exposeID('targetId', { nullable: true, description: 'The target, when grouped by TARGET (else null).' }),
    day: t.exposeString('day', { nullable: true, description: 'The UTC day YYYY-MM-DD, when grouped by DAY (else null).' }),
    deliveries: t.exposeInt('deliveries', { description: 'Deliveries in the group.' }),
    succeeded: t.exposeInt('succeeded', { description: 'Deliveries a target acknowledged with 2xx.' }),
    failed: t.exposeInt('failed', { description: 'Deliveries whose retries ran out.' }),
    pending: t.exposeInt('pending', { description: 'Deliveries still waiting for an attempt or a retry.' }),
    attempts: t.exposeInt('attempts', { description: 'HTTP attempts made for them.' }),
    successRate: t.exposeFloat('successRate', { nullable: true, description: 'succeeded / (succeeded + failed); null when both are 0.' }),
    avgLatencyMs: t.exposeFloat('avgLatencyMs', { nullable: true, description: 'Mean attempt latency in ms (null without attempts).' }),
    p95LatencyMs: t.exposeFloat('p95LatencyMs', {
      nullable: true,
      description: '95th percentile attempt latency in ms (null without attempts).',
    }),
  }),
});

builder.queryField('webhookDeliveryStats', (t) =>
  t.field({
    type: [Row],
    extensions: AGGREGATE,
    description: 'Webhook delivery statistics of your workspace by target and/or UTC day (computed in SQL; test sends excluded).',
    args: {
      groupBy: t.arg({ type: [Group], required: true, description: 'The dimensions to group by; [] for one row over all.' }),
      targetId: t.arg.id({ description: 'Only deliveries to this target.' }),
    },
    resolve: async (_root, args, ctx) =>
      deliveryStats(await ctx.core(), { groupBy: args.groupBy, targetId: args.targetId ? String(args.targetId) : null }),
  }),
);
