import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { WEBHOOK_EVENT_TYPES } from '../contract.js';

/** Every event type: the keys of the contract's `webhooks:` section (generated). */
export const EVENT_TYPES = WEBHOOK_EVENT_TYPES;
export type EventType = (typeof EVENT_TYPES)[number];

/** NOTIFY channel telling dispatchers that deliveries are due now (at the commit that made them). */
export const DELIVERIES_CHANNEL = 'fas_webhook_deliveries';

/** `systemNotes` of every payload (openapi.yaml `WebhookSystemNotes`): the fixed advisory. */
export const SYSTEM_NOTES =
  'This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it.';

/**
 * Writes an event to the outbox and one pending delivery per active or paused target of the
 * workspace subscribed to its type (a paused target's is parked: `next_attempt_at` null until it is resumed) (`event_types`, empty: every type), inside the caller's database transaction: a change that rolls back emits nothing, and a
 * committed one cannot lose its event.
 */
export async function emitEvent(
  tx: Prisma.TransactionClient,
  ctx: Ctx,
  event: { type: EventType; accountId: string | null; details: object },
): Promise<void> {
  const id = ctx.ids.uuid();
  const now = ctx.clock.now();
  // One statement: the event, its deliveries, and a wake-up for the dispatchers if there are any
  // (every write that emits an event pays for this; as two queries it cost a round trip and a
  // Prisma call more). The deliveries' foreign key to the event is checked at the statement's end.
  await tx.$executeRaw`
    WITH event AS (
      INSERT INTO events (id, workspace_id, type, account_id, occurred_at, details)
      VALUES (${id}::uuid, ${ctx.workspaceId}::uuid, ${event.type}, ${event.accountId}::uuid, ${now}, ${JSON.stringify(event.details)}::jsonb)
      RETURNING id
    ), created AS (
      INSERT INTO webhook_deliveries (id, event_id, target_id, workspace_id, event_type, status, attempts, next_attempt_at, created_at)
      SELECT gen_random_uuid(), event.id, t.id, t.workspace_id, ${event.type}, 'pending', 0,
        CASE WHEN t.status = 'active' THEN ${now}::timestamptz END, ${now}
      FROM event, webhook_targets t WHERE t.workspace_id = ${ctx.workspaceId}::uuid AND t.status IN ('active', 'paused')
        AND (COALESCE(cardinality(t.event_types), 0) = 0 OR ${event.type} = ANY(t.event_types))
      RETURNING 1
    )
    SELECT pg_notify(${DELIVERIES_CHANNEL}, '') FROM (SELECT 1 FROM created LIMIT 1) AS any_created`;
}
