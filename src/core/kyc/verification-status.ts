import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { emitEvent } from '../webhooks/events.js';

/** Account statuses in which KYC data may be submitted, and verification requested (values of the contract's AccountStatus). */
export const SUBMITTABLE = ['pending', 'needs_update'] as const satisfies readonly Schemas['AccountStatus'][];

type VerificationStatus = Schemas['VerificationStatus'];

/**
 * Records a KYC verification status change inside the caller's transaction and emits
 * kyc_status_updated when the status actually changes.
 */
export async function recordVerificationStatus(
  tx: Prisma.TransactionClient,
  ctx: Ctx,
  accountId: string,
  from: VerificationStatus | null,
  to: VerificationStatus,
): Promise<void> {
  if (from === to) return;
  await emitEvent(tx, ctx, { type: 'kyc_status_updated', accountId, details: { accountId, status: to, previousStatus: from } });
}
