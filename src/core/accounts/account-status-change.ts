import type { Prisma } from '../../db/generated/prisma/client.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Ctx } from '../context.js';
import { emitEvent } from '../webhooks/events.js';
import { type AccountDto, accountSelect, toAccountDto } from './account-dto.js';
import type { LockedAccount } from './account-lock.js';

/**
 * The one way an account's status changes, inside the caller's transaction (with the account
 * locked by `lockAccount`). Events about the change are written here, in the same transaction.
 */
export async function changeAccountStatus(
  tx: Prisma.TransactionClient,
  ctx: Ctx,
  account: LockedAccount,
  to: LockedAccount['status'],
): Promise<AccountDto> {
  const row = await tx.account.update({
    where: { workspaceId_id: { workspaceId: ctx.workspaceId, id: account.id } },
    data: { status: to, updatedAt: ctx.clock.now() },
    select: accountSelect,
  });
  const updated = toAccountDto(row);
  await emitEvent(tx, ctx, {
    type: 'account_status_updated',
    accountId: account.id,
    details: { account: updated, previousStatus: account.status },
  });
  await recordAudit(tx, ctx, {
    action: 'account.status_changed',
    object: { type: 'account', id: account.id },
    changes: { status: { before: account.status, after: to } },
  });
  return updated;
}
