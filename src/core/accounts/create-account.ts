import { recordAudit, WITHHELD } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { validateBody } from '../validation/validators.js';
import { emitEvent } from '../webhooks/events.js';
import { type AccountDto, accountSelect, toAccountDto } from './account-dto.js';

/** Creates an account in status `pending` in the caller's workspace; emits account_created. */
export async function createAccount(ctx: Ctx, input: unknown): Promise<AccountDto> {
  requireWriter(ctx);
  const body = validateBody('CreateAccountRequest', input);
  const now = ctx.clock.now();
  return inTransaction(ctx, async (tx) => {
    const row = await tx.account.create({
      data: {
        id: ctx.ids.uuid(),
        workspaceId: ctx.workspaceId,
        type: body.type,
        email: body.email,
        reference: body.reference ?? null,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      },
      select: accountSelect,
    });
    const account = toAccountDto(row);
    await emitEvent(tx, ctx, { type: 'account_created', accountId: account.accountId, details: { account } });
    await recordAudit(tx, ctx, {
      action: 'account.created',
      object: { type: 'account', id: account.accountId },
      changes: { type: { after: body.type }, status: { after: 'pending' }, email: { after: WITHHELD } },
    });
    return account;
  });
}
