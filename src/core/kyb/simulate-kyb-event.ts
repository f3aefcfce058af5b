import type { AccountDto } from '../accounts/account-dto.js';
import { accountSelect, toAccountDto } from '../accounts/account-dto.js';
import { lockAccount } from '../accounts/account-lock.js';
import { changeAccountStatus } from '../accounts/account-status-change.js';
import { requireSandbox, requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { AppError } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { assertUuid } from '../validation/uuid.js';
import { validateBody } from '../validation/validators.js';
import { emitEvent } from '../webhooks/events.js';

/** Sandbox: business (KYB) verification events from the provider. */
export async function simulateKybEvent(ctx: Ctx, input: { accountId: string; body: unknown }): Promise<AccountDto> {
  requireWriter(ctx);
  requireSandbox(ctx);
  const accountId = assertUuid('accountId', input.accountId);
  const b = validateBody('KybEvent', input.body);
  return inTransaction(ctx, async (tx) => {
    const account = await lockAccount(tx, ctx, accountId);
    if (account.type !== 'business') throw new AppError('INVALID_STATE', 'KYB applies to business accounts; this is an individual account');
    if (b.event === 'submitted') {
      if (account.status !== 'pending' && account.status !== 'needs_update') {
        throw new AppError('INVALID_STATE', `KYB can be submitted while the account is pending or needs_update; it is ${account.status}`);
      }
      const updated = await changeAccountStatus(tx, ctx, account, 'in_review');
      await emitEvent(tx, ctx, { type: 'kyb_verification_submitted', accountId, details: { account: updated } });
      return updated;
    }
    const current = toAccountDto(
      await tx.account.findUniqueOrThrow({
        where: { workspaceId_id: { workspaceId: ctx.workspaceId, id: accountId } },
        select: accountSelect,
      }),
    );
    await emitEvent(tx, ctx, {
      type: 'kyb_document_uploaded',
      accountId,
      details: { account: current, documentType: b.documentType ?? 'other' },
    });
    return current;
  });
}
