import { Prisma } from '../../../db/generated/prisma/client.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Ctx, Deps } from '../../context.js';
import { MAX_RETRIES, type RetryPolicy, retryDelayMs } from '../retry-schedule.js';
import type { SendResult } from '../sender.js';

const TRUNCATE = 4096;
/** How much of the last answer a delivery shows (`WebhookDelivery.lastResponseExcerpt` in openapi.yaml). */
export const RESPONSE_EXCERPT = 500;

/** A finished attempt, waiting to be recorded. */
export interface AttemptOutcome {
  workspaceId: string;
  deliveryId: string;
  targetId: string;
  eventType: string;
  /** Attempts made before this one, over every series (its `X-Service-Retry-Count` is this minus `retryFrom`). */
  retryCount: number;
  /** `attempts` when the delivery was last queued again (redeliver, recover): retries count from here. */
  retryFrom: number;
  /** A test send gets one attempt and never disables its target. */
  test: boolean;
  /** The lease under which it was sent: recorded only if the lease is still this one. */
  leaseUntil: Date;
  startedAt: Date;
  result: SendResult;
}

/**
 * Records a batch of attempts and their consequences in one statement (so atomically): each
 * delivery still held under its lease gets its attempt row and its new state (succeeded, failed
 * for good, or its next retry time); a target whose delivery failed its last retry is disabled
 * with the reason, and its other pending deliveries are parked (`next_attempt_at` null); a success
 * releases the deliveries parked when its target was enabled (`activateTarget`). A delivery whose
 * lease ran out meanwhile belongs to another worker and is left alone. Answers how many attempts
 * were recorded (the released ones are claimed at the next poll).
 *
 * A batch that may disable a target (a last retry failed) runs in a database transaction that also
 * appends `webhook_target.disabled` to the target's workspace's audit log, by the system (the
 * webhook worker), for each target the statement did disable: the record exists exactly when the
 * change does. Every other batch stays one statement on its own.
 */
export async function recordAttempts(deps: Deps, retry: RetryPolicy, outcomes: readonly AttemptOutcome[]): Promise<number> {
  if (!outcomes.length) return 0;
  const now = deps.clock.now();
  const cols = {
    workspaceId: [] as string[],
    id: [] as string[],
    attemptId: [] as string[],
    retryCount: [] as number[],
    sentRetryCount: [] as number[],
    lease: [] as Date[],
    status: [] as string[],
    statusCode: [] as (number | null)[],
    error: [] as (string | null)[],
    nextAttemptAt: [] as (Date | null)[],
    startedAt: [] as Date[],
    durationMs: [] as number[],
    responseBody: [] as (string | null)[],
    targetId: [] as string[],
    disabledReason: [] as (string | null)[],
  };
  for (const o of outcomes) {
    const r = o.result;
    const ok = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
    const attempts = o.retryCount + 1;
    const exhausted = !ok && (o.test || attempts - o.retryFrom > MAX_RETRIES);
    const error = ok ? null : (r.error ?? `HTTP ${r.statusCode}`);
    cols.workspaceId.push(o.workspaceId);
    cols.id.push(o.deliveryId);
    cols.attemptId.push(deps.ids.uuid());
    cols.retryCount.push(o.retryCount);
    cols.sentRetryCount.push(o.retryCount - o.retryFrom);
    cols.lease.push(o.leaseUntil);
    cols.status.push(ok ? 'succeeded' : exhausted ? 'failed' : 'pending');
    cols.statusCode.push(r.statusCode);
    cols.error.push(error);
    cols.nextAttemptAt.push(ok || exhausted ? null : new Date(now.getTime() + retryDelayMs(retry, attempts - o.retryFrom)));
    cols.startedAt.push(o.startedAt);
    cols.durationMs.push(Math.round(r.durationMs));
    cols.responseBody.push(r.responseBody?.slice(0, TRUNCATE) ?? null);
    cols.targetId.push(o.targetId);
    cols.disabledReason.push(
      exhausted && !o.test
        ? `delivery ${o.deliveryId} (${o.eventType}) failed ${attempts - o.retryFrom} attempts; last: ${error}`.slice(0, 500)
        : null,
    );
  }
  const statement = Prisma.sql`
    WITH r AS (
      SELECT * FROM unnest(
        ${cols.id}::uuid[], ${cols.attemptId}::uuid[], ${cols.retryCount}::int[], ${cols.lease}::timestamptz[],
        ${cols.status}::text[], ${cols.statusCode}::int[], ${cols.error}::text[], ${cols.nextAttemptAt}::timestamptz[],
        ${cols.startedAt}::timestamptz[], ${cols.durationMs}::int[], ${cols.responseBody}::text[], ${cols.targetId}::uuid[],
        ${cols.disabledReason}::text[], ${cols.sentRetryCount}::int[], ${cols.workspaceId}::uuid[]
      ) AS r(id, attempt_id, retry_count, lease, status, status_code, error, next_attempt_at, started_at, duration_ms,
             response_body, target_id, disabled_reason, sent_retry_count, workspace_id)
    ), disabling AS (
      -- The active targets this batch disables: a last retry failed under a lease still held (as in held).
      SELECT DISTINCT r.workspace_id, r.target_id FROM r
        JOIN webhook_deliveries d ON d.workspace_id = r.workspace_id AND d.id = r.id AND d.status = 'pending' AND d.lease_until = r.lease
        JOIN webhook_targets t ON t.workspace_id = r.workspace_id AND t.id = r.target_id AND t.status = 'active'
      WHERE r.disabled_reason IS NOT NULL
    ), held AS (
      UPDATE webhook_deliveries d SET
        attempts = r.retry_count + 1, lease_until = NULL, last_status_code = r.status_code, last_error = r.error,
        last_response_excerpt = left(r.response_body, ${RESPONSE_EXCERPT}::int),
        status = r.status::delivery_status,
        completed_at = CASE WHEN r.status = 'pending' THEN NULL ELSE ${now}::timestamptz END,
        -- A retry of a target that is (or is being) paused or disabled is parked, not due in the past.
        next_attempt_at = CASE
          WHEN r.status <> 'pending' THEN d.next_attempt_at
          WHEN t.status <> 'active' OR (r.workspace_id, r.target_id) IN (SELECT * FROM disabling) THEN NULL
          ELSE r.next_attempt_at END
      FROM r JOIN webhook_targets t ON t.workspace_id = r.workspace_id AND t.id = r.target_id
      WHERE d.workspace_id = r.workspace_id AND d.id = r.id AND d.status = 'pending' AND d.lease_until = r.lease
      RETURNING d.id, d.workspace_id, d.target_id, d.status, t.status AS target_status
    ), parked AS (
      -- The other pending deliveries of a target being disabled: parked until it is enabled.
      UPDATE webhook_deliveries d SET next_attempt_at = NULL
      FROM disabling x WHERE d.workspace_id = x.workspace_id AND d.target_id = x.target_id AND d.status = 'pending'
        AND d.id NOT IN (SELECT id FROM held)
    ), probed AS (
      -- A success proves the endpoint answers: a target enabled with a backlog has it released.
      UPDATE webhook_targets t SET awaiting_probe = false
      FROM (SELECT DISTINCT workspace_id, target_id FROM held WHERE status = 'succeeded' AND target_status = 'active') s
      WHERE t.workspace_id = s.workspace_id AND t.id = s.target_id AND t.awaiting_probe
        AND (s.workspace_id, s.target_id) NOT IN (SELECT * FROM disabling)
      RETURNING t.workspace_id, t.id
    ), released AS (
      UPDATE webhook_deliveries d SET next_attempt_at = ${now}::timestamptz
      FROM probed p
      WHERE d.workspace_id = p.workspace_id AND d.target_id = p.id AND d.status = 'pending' AND d.next_attempt_at IS NULL
        AND d.id NOT IN (SELECT id FROM held)
      RETURNING 1
    ), attempt_rows AS (
      INSERT INTO webhook_attempts (id, workspace_id, delivery_id, retry_count, started_at, duration_ms, status_code, error, response_body)
      SELECT r.attempt_id, r.workspace_id, r.id, r.sent_retry_count, r.started_at, r.duration_ms, r.status_code, r.error, r.response_body
      FROM r JOIN held ON held.id = r.id
    ), disabled AS (
      UPDATE webhook_targets t SET status = 'disabled', awaiting_probe = false, disabled_at = ${now}::timestamptz, updated_at = ${now}::timestamptz,
        disabled_reason = x.disabled_reason
      FROM (SELECT DISTINCT ON (r.target_id) r.workspace_id, r.target_id, r.disabled_reason FROM r JOIN held ON held.id = r.id
            WHERE r.disabled_reason IS NOT NULL ORDER BY r.target_id) x
      WHERE t.workspace_id = x.workspace_id AND t.id = x.target_id AND t.status = 'active'
      RETURNING t.workspace_id, t.id, t.disabled_reason
    )
    SELECT (SELECT count(*) FROM held)::int AS recorded, (SELECT count(*) FROM released)::int AS released,
      (SELECT coalesce(json_agg(json_build_object('workspaceId', workspace_id, 'targetId', id, 'reason', disabled_reason)), '[]')
       FROM disabled)::text AS disabled`;
  if (!cols.disabledReason.some((reason) => reason !== null)) {
    // Prepared once per connection (the text never changes, only the arrays): its generic plan looks
    // each delivery up by its key, as the custom one does, so planning is saved.
    const rows = await deps.sql<Recorded>(statement, { prepare: 'fas_record_attempts' });
    return rows[0]?.recorded ?? 0;
  }
  return deps.db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<Recorded[]>(statement);
    for (const d of JSON.parse(row?.disabled ?? '[]') as { workspaceId: string; targetId: string; reason: string }[]) {
      await recordAudit(tx, workerContext(deps, d.workspaceId), {
        action: 'webhook_target.disabled',
        object: { type: 'webhook_target', id: d.targetId },
        changes: { status: { before: 'active', after: 'disabled' }, disabledReason: { after: d.reason } },
      });
    }
    return row?.recorded ?? 0;
  });
}

interface Recorded {
  recorded: number;
  released: number;
  /** JSON: the targets this statement disabled, with their workspace and reason. */
  disabled: string;
}

/** The webhook worker acting in a workspace, as the audit log names it: the system. */
function workerContext(deps: Deps, workspaceId: string): Ctx {
  return { ...deps, workspaceId, sandbox: false, actor: { kind: 'system', role: 'admin', name: 'webhook worker' } };
}
