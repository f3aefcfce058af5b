import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';

/** SPEC 6.2: every event type. */
export const EVENT_TYPES = [
  'account_created',
  'account_status_updated',
  'kyc_status_updated',
  'kyc_needs_update',
  'kyc_verification_submitted',
  'kyc_verification_signed',
  'kyc_document_upload_received',
  'kyc_document_uploaded',
  'kyc_verification_completed',
  'kyb_verification_submitted',
  'kyb_document_uploaded',
  'bank_account_link',
  'crypto_transaction_created',
  'crypto_transaction_received',
  'crypto_transaction_status_updated',
  'crypto_wallet_created',
  'crypto_beneficiary_created',
  'crypto_beneficiary_updated',
  'crypto_beneficiary_deleted',
  'bank_transaction_created',
  'bank_transaction_received',
  'bank_transaction_status_updated',
  'trade_transaction_created',
  'trade_transaction_status_updated',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** NOTIFY channel telling dispatchers that deliveries are due now (at the commit that made them). */
export const DELIVERIES_CHANNEL = 'fas_webhook_deliveries';

/** SPEC 2.9 `systemNotes`: the fixed advisory. */
export const SYSTEM_NOTES =
  'This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it.';

/**
 * Writes an event to the outbox and one pending delivery per active target of the workspace,
 * inside the caller's database transaction: a change that rolls back emits nothing, and a
 * committed one cannot lose its event.
 */
export async function emitEvent(
  tx: Prisma.TransactionClient,
  ctx: Ctx,
  event: { type: EventType; accountId: string | null; details: object },
): Promise<void> {
  const id = ctx.ids.uuid();
  const now = ctx.clock.now();
  await tx.event.create({
    data: { id, workspaceId: ctx.workspaceId, type: event.type, accountId: event.accountId, occurredAt: now, details: event.details },
    select: { id: true },
  });
  // One statement: the deliveries, and a wake-up for the dispatchers if there are any.
  await tx.$executeRaw`
    WITH created AS (
      INSERT INTO webhook_deliveries (id, event_id, target_id, workspace_id, event_type, status, attempts, next_attempt_at, created_at)
      SELECT gen_random_uuid(), ${id}::uuid, t.id, t.workspace_id, ${event.type}, 'pending', 0, ${now}, ${now}
      FROM webhook_targets t WHERE t.workspace_id = ${ctx.workspaceId}::uuid AND t.status = 'active'
      RETURNING 1
    )
    SELECT pg_notify(${DELIVERIES_CHANNEL}, '') FROM (SELECT 1 FROM created LIMIT 1) AS any_created`;
}
