import type { AccountDto } from '../accounts/account-dto.js';
import { lockAccount } from '../accounts/account-lock.js';
import { changeAccountStatus } from '../accounts/account-status-change.js';
import { recordAudit } from '../audit/record-audit.js';
import { requireSandbox, requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { AppError } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { assertUuid } from '../validation/uuid.js';
import { validateBody } from '../validation/validators.js';
import { emitEvent } from '../webhooks/events.js';
import { recordVerificationStatus } from './verification-status.js';

/**
 * Sandbox: the verification provider approves (`completed`) or asks for changes (`needs_update`),
 * for an individual's KYC or a business's KYB alike. A business's outcome emits no KYC event: its
 * account_status_updated and kyc_status_updated say it.
 */
export async function simulateKycOutcome(ctx: Ctx, input: { accountId: string; body: unknown }): Promise<AccountDto> {
  requireWriter(ctx);
  requireSandbox(ctx);
  const accountId = assertUuid('accountId', input.accountId);
  const { outcome } = validateBody('KycOutcome', input.body);
  return inTransaction(ctx, async (tx) => {
    const account = await lockAccount(tx, ctx, accountId);
    if (account.status !== 'in_review') {
      throw new AppError('INVALID_STATE', `the provider decides on accounts in_review; this one is ${account.status}`);
    }
    const key = { workspaceId_accountId: { workspaceId: ctx.workspaceId, accountId } };
    const verification = await tx.bankingVerification.findUnique({ where: key, select: { status: true } });
    const updated = await changeAccountStatus(tx, ctx, account, outcome === 'completed' ? 'active' : 'needs_update');
    await tx.bankingVerification.updateMany({ where: key.workspaceId_accountId, data: { status: outcome } });
    // A business moved to in_review by the KYB shortcut alone has no saved verification to update.
    if (verification || account.type === 'individual') {
      await recordVerificationStatus(tx, ctx, accountId, verification?.status ?? null, outcome);
    }
    await recordAudit(tx, ctx, {
      action: 'kyc.verification_decided',
      object: { type: 'kyc_verification', id: accountId },
      changes: { status: { before: verification?.status ?? null, after: outcome } },
    });
    if (account.type === 'individual') {
      const type = outcome === 'completed' ? 'kyc_verification_completed' : 'kyc_needs_update';
      await emitEvent(tx, ctx, { type, accountId, details: { account: updated } });
    }
    return updated;
  });
}
