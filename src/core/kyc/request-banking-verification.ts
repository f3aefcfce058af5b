import type { AccountDto } from '../accounts/account-dto.js';
import { lockAccount } from '../accounts/account-lock.js';
import { changeAccountStatus } from '../accounts/account-status-change.js';
import { recordAudit } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { AppError } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { validateBody } from '../validation/validators.js';
import { emitEvent } from '../webhooks/events.js';
import { verificationRequestRefusal } from './verification-request-rule.js';
import { recordVerificationStatus } from './verification-status.js';

/**
 * `requestBankingVerification`: from `pending` or `needs_update`, with verification data saved, submits it to the
 * provider and moves the account to `in_review`. After `needs_update` the data need not be saved
 * again: the holder may only have uploaded a better document. A request while `in_review` (or
 * later) is 409. The account row lock makes concurrent requests succeed once. Individual and
 * business accounts alike (KYC or KYB data saved).
 */
export async function requestBankingVerification(ctx: Ctx, input: unknown): Promise<AccountDto> {
  requireWriter(ctx);
  const { accountId } = validateBody('BankingVerificationRequest', input);
  const id = accountId.toLowerCase();
  return inTransaction(ctx, async (tx) => {
    const account = await lockAccount(tx, ctx, id);
    const key = { workspaceId_accountId: { workspaceId: ctx.workspaceId, accountId: id } };
    const saved = await tx.bankingVerification.findUnique({ where: key, select: { status: true } });
    const refusal = verificationRequestRefusal(account.status, saved?.status ?? null);
    if (refusal !== null || !saved) throw new AppError('INVALID_STATE', refusal ?? 'no verification data is saved for this account');
    const updated = await changeAccountStatus(tx, ctx, account, 'in_review');
    await tx.bankingVerification.update({
      where: key,
      data: { status: 'submitted', submittedAt: ctx.clock.now() },
    });
    await recordVerificationStatus(tx, ctx, id, saved.status, 'submitted');
    await recordAudit(tx, ctx, {
      action: account.type === 'business' ? 'kyb.verification_requested' : 'kyc.verification_requested',
      object: { type: 'kyc_verification', id },
      changes: { status: { before: saved.status, after: 'submitted' } },
    });
    // A business's submission is KYB's event; KYC events are never emitted for a business.
    const type = account.type === 'business' ? 'kyb_verification_submitted' : 'kyc_verification_submitted';
    await emitEvent(tx, ctx, { type, accountId: id, details: { account: updated } });
    return updated;
  });
}
