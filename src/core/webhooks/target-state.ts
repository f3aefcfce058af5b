import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { DELIVERIES_CHANNEL } from './events.js';
import { targetSelect, toTargetDto, type WebhookTargetDto } from './target-dto.js';

type Tx = Prisma.TransactionClient;

/**
 * When a delivery queued now for a target in this status is due: at once for an active target;
 * never (null: parked) for a paused or disabled one, until it is resumed or enabled.
 */
export function dueAtFor(status: string, now: Date): Date | null {
  return status === 'active' ? now : null;
}

/** Parks the target's pending deliveries: none is due (`next_attempt_at` null) while it is not active. */
export async function parkDeliveries(tx: Tx, ctx: Ctx, targetId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE webhook_deliveries SET next_attempt_at = NULL
    WHERE workspace_id = ${ctx.workspaceId}::uuid AND target_id = ${targetId}::uuid AND status = 'pending'`;
}

/**
 * Makes a paused or disabled target active again without firing its whole backlog at an endpoint
 * that may still be down: every parked delivery gets a fresh series of retries, the oldest is due
 * now (the probe) and the others stay parked until a delivery to the target succeeds
 * (`recordAttempts` releases them). A probe that fails is retried on the usual schedule, so the
 * target cannot be disabled again before a fresh series of retries has run out.
 */
export async function activateTarget(tx: Tx, ctx: Ctx, targetId: string): Promise<WebhookTargetDto> {
  const now = ctx.clock.now();
  const row = await tx.webhookTarget.update({
    where: { workspaceId_id: { workspaceId: ctx.workspaceId, id: targetId } },
    data: { status: 'active', disabledReason: null, disabledAt: null, updatedAt: now },
    select: targetSelect,
  });
  const [probe] = await tx.$queryRaw<{ id: string }[]>`
    WITH parked AS (
      UPDATE webhook_deliveries SET retry_from = attempts
      WHERE workspace_id = ${ctx.workspaceId}::uuid AND target_id = ${targetId}::uuid AND status = 'pending'
      RETURNING id, created_at
    )
    SELECT id::text AS id FROM parked ORDER BY created_at, id LIMIT 1`;
  if (probe) {
    await tx.$executeRaw`
      UPDATE webhook_deliveries SET next_attempt_at = ${now}
      WHERE workspace_id = ${ctx.workspaceId}::uuid AND id = ${probe.id}::uuid`;
    await tx.$executeRaw`
      UPDATE webhook_targets SET awaiting_probe = true WHERE workspace_id = ${ctx.workspaceId}::uuid AND id = ${targetId}::uuid`;
    await tx.$executeRaw`SELECT pg_notify(${DELIVERIES_CHANNEL}, '')`;
  }
  return toTargetDto(row);
}
