import { CONTRACT_ENUMS } from '../../core/contract.js';
import type { EventDto } from '../../core/events/event-dto.js';
import { getEvent } from '../../core/events/get-event.js';
import { listEvents } from '../../core/events/list-events.js';
import { builder } from '../builder.js';
import { nullIfNotFound, pageArgs, pageOf } from '../fields.js';

/** Every event type: shared by the events and the webhook targets' subscriptions. */
export const EventType = builder.enumType('EventType', {
  description: 'A webhook event type; each has its payload under `webhooks:` in openapi.yaml.',
  values: CONTRACT_ENUMS.EventType,
});

const EventOrder = builder.enumType('EventOrder', {
  description: 'desc: newest first. asc: the feed, in commit order, oldest first.',
  values: ['desc', 'asc'] as const,
});

const Event = builder.objectRef<EventDto>('Event').implement({
  description: "An event the workspace emitted: its webhooks' body, with the event's id in place of the per-delivery webhookId.",
  fields: (t) => ({
    id: t.exposeID('id', { description: "The event (a delivery's eventId)." }),
    type: t.field({ type: EventType, description: 'What happened.', resolve: (e) => e.type }),
    accountId: t.exposeID('accountId', { nullable: true, description: 'The account the event concerns.' }),
    timestamp: t.field({ type: 'DateTime', description: 'When it occurred.', resolve: (e) => e.timestamp }),
    details: t.field({ type: 'JSON', description: 'What the event is about, as in the webhook of this type.', resolve: (e) => e.details }),
    systemNotes: t.exposeString('systemNotes', { description: 'The fixed advisory every webhook carries.' }),
  }),
});

const EventPage = pageOf('EventPage', Event);

const EventFilter = builder.inputType('EventFilter', {
  description: 'The filters of GET /api/v2/events, with the same rules.',
  fields: (t) => ({
    type: t.field({ type: EventType, description: 'Only this type.' }),
    accountId: t.id({ description: 'Only events about this account.' }),
    startDate: t.string({ description: 'Occurred at or after (a date alone: 00:00 UTC).' }),
    endDate: t.string({ description: 'Occurred at or before (a date alone: the whole UTC day).' }),
    order: t.field({ type: EventOrder, description: 'desc (default) or asc (the feed).' }),
    after: t.id({ description: 'The feed after this event id, oldest first.' }),
  }),
});

/** GraphQL drops absent arguments; nulls from variables mean "not given" too. */
function defined(obj: Record<string, unknown> | null | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj ?? {}).filter(([, v]) => v !== null && v !== undefined));
}

builder.queryFields((t) => ({
  event: t.field({
    type: Event,
    nullable: true,
    description: 'An event of your workspace; null when there is none with this id.',
    args: { id: t.arg.id({ required: true, description: 'The event (uuid).' }) },
    resolve: (_root, args, ctx) => nullIfNotFound(async () => getEvent(await ctx.core(), { eventId: String(args.id) })),
  }),
  events: t.field({
    type: EventPage,
    description: 'Events of your workspace with their webhook payloads (same rules as GET /api/v2/events).',
    args: { filter: t.arg({ type: EventFilter, description: 'Filters, combined with AND.' }), ...pageArgs(t.arg) },
    resolve: async (_root, args, ctx) =>
      listEvents(await ctx.core(), { ...defined(args.filter), ...defined({ page: args.page, limit: args.limit }) }),
  }),
}));
