import { recordAudit } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { fieldError, validationError } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { parseBound } from '../validation/date-range.js';
import { validateBody } from '../validation/validators.js';
import { DELIVERIES_CHANNEL } from './events.js';
import { findTarget } from './target-lookup.js';
import { dueAtFor } from './target-state.js';

/** Most deliveries queued again by one call (`RecoverWebhookTargetResult.queued` in openapi.yaml). */
export const RECOVER_LIMIT = 10_000;

/**
 * After an outage of the receiver: queues again, oldest first, the target's failed deliveries
 * created since `since`, each keeping its `webhookId` and body, with a fresh series of retries.
 * Only `failed` rows are touched, so a second call does not queue twice what the first queued.
 * Works in every state of the target: for a paused or disabled one they are queued parked
 * (`next_attempt_at` null) and sent once it is resumed or enabled.
 */
export async function recoverWebhookTarget(
  ctx: Ctx,
  input: { targetId: string; body: unknown },
): Promise<Schemas['RecoverWebhookTargetResult']> {
  requireWriter(ctx);
  const target = await findTarget(ctx, input.targetId);
  const b = validateBody('RecoverWebhookTargetRequest', input.body);
  // The same reading of RFC 3339 as the transactions' date filters (any number of fraction digits).
  const bound = parseBound(b.since, 'start');
  if (!bound) throw validationError([fieldError('since', 'invalid_format', 'must be an RFC 3339 date-time', { format: 'date-time' })]);
  const since = bound.at;
  const now = ctx.clock.now();
  const due = dueAtFor(target.status, now);
  return inTransaction(ctx, async (tx) => {
    // One row more than the limit tells whether more remain.
    const [r = { queued: 0, more: false }] = await tx.$queryRaw<{ queued: number; more: boolean }[]>`
      WITH picked AS (
        SELECT id, created_at FROM webhook_deliveries
        WHERE target_id = ${target.id}::uuid AND workspace_id = ${ctx.workspaceId}::uuid AND status = 'failed'
          AND created_at >= ${since} AND test_event IS NULL
        ORDER BY created_at, id LIMIT ${RECOVER_LIMIT + 1}
        FOR UPDATE
      ), requeued AS (
        UPDATE webhook_deliveries d SET status = 'pending', retry_from = d.attempts, next_attempt_at = ${due}::timestamptz,
          lease_until = NULL, completed_at = NULL
        FROM (SELECT id FROM picked ORDER BY created_at, id LIMIT ${RECOVER_LIMIT}) p
        WHERE d.workspace_id = ${ctx.workspaceId}::uuid AND d.id = p.id
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM requeued)::int AS queued, (SELECT count(*) FROM picked) > ${RECOVER_LIMIT} AS more`;
    if (r.queued > 0 && due) await tx.$executeRaw`SELECT pg_notify(${DELIVERIES_CHANNEL}, '')`;
    await recordAudit(tx, ctx, {
      action: 'webhook_target.recovered',
      object: { type: 'webhook_target', id: target.id },
      changes: { since: { after: since.toISOString() }, queued: { after: r.queued } },
    });
    return { queued: r.queued, more: r.more };
  });
}
