import { Prisma } from '../../../db/generated/prisma/client.js';
import type { Deps } from '../../context.js';

/** A delivery leased for one attempt, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
  workspaceId: string;
  type: string;
  accountId: string | null;
  occurredAt: Date;
  details: unknown;
  url: string;
  targetId: string;
  /** `attempts` when it was last queued again: its retries count from here. */
  retryFrom: number;
  /** A test send: one attempt, marked in the body and a header. */
  test: boolean;
  /** The lease it was claimed under: its attempt is recorded only while the lease is still this one. */
  leaseUntil: Date;
}

/**
 * Leases up to `limit` due deliveries of active targets, with `FOR UPDATE SKIP LOCKED` (so
 * concurrent workers never send one attempt twice at once, and a dead worker's deliveries come
 * back when its lease ends). The lease outlives the attempt (`timeoutMs`) with room to record it.
 */
export async function claimDeliveries(deps: Deps, limit: number, timeoutMs: number): Promise<ClaimedDelivery[]> {
  const now = deps.clock.now();
  const leaseUntil = new Date(now.getTime() + timeoutMs + 30_000);
  // Through the driver, not Prisma: this runs for every batch, and Prisma's per-query overhead
  // was most of its cost. Not a prepared statement: its generic plan (LIMIT unknown) hash-joins a
  // sequential scan of the whole queue, so PostgreSQL plans it afresh each time anyway.
  const rows = await deps.sql<Omit<ClaimedDelivery, 'leaseUntil'>>(Prisma.sql`
    WITH due AS (
      SELECT d.workspace_id, d.id FROM webhook_deliveries d
        JOIN webhook_targets t ON t.workspace_id = d.workspace_id AND t.id = d.target_id AND t.status = 'active'
      WHERE d.status = 'pending' AND d.next_attempt_at <= ${now} AND (d.lease_until IS NULL OR d.lease_until < ${now})
      ORDER BY d.next_attempt_at LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED
    ), leased AS (
      UPDATE webhook_deliveries d SET lease_until = ${leaseUntil} FROM due WHERE d.workspace_id = due.workspace_id AND d.id = due.id
      RETURNING d.id, d.attempts, d.retry_from, d.workspace_id, d.event_id, d.event_type, d.test_event, d.target_id
    )
    SELECT l.id::text AS id, l.attempts, l.retry_from AS "retryFrom", l.workspace_id::text AS "workspaceId", l.event_type AS type,
      CASE WHEN l.test_event IS NULL THEN e.account_id::text ELSE l.test_event->>'accountId' END AS "accountId",
      COALESCE(e.occurred_at, (l.test_event->>'timestamp')::timestamptz) AS "occurredAt",
      COALESCE(e.details, l.test_event->'details') AS details, t.url, t.id::text AS "targetId", l.test_event IS NOT NULL AS test
    FROM leased l LEFT JOIN events e ON e.workspace_id = l.workspace_id AND e.id = l.event_id
      JOIN webhook_targets t ON t.workspace_id = l.workspace_id AND t.id = l.target_id`);
  return rows.map((r) => ({ ...r, occurredAt: new Date(r.occurredAt), leaseUntil }));
}

/**
 * Parks what a race left due for a target that is not active (a retry recorded while the target
 * was being paused or disabled): no pending delivery keeps a due time the dispatcher will not
 * honour. The transitions park their deliveries themselves; this is the safety net, run now and then.
 */
export async function parkStranded(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const rows = await deps.sql<{ parked: number }>(Prisma.sql`
    WITH parked AS (
      UPDATE webhook_deliveries d SET next_attempt_at = NULL
      FROM webhook_targets t
      WHERE t.workspace_id = d.workspace_id AND t.id = d.target_id AND t.status <> 'active'
        AND d.status = 'pending' AND d.next_attempt_at <= ${now} AND (d.lease_until IS NULL OR d.lease_until < ${now})
      RETURNING 1
    )
    SELECT count(*)::int AS parked FROM parked`);
  return rows[0]?.parked ?? 0;
}
