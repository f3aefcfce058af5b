import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { balancesOf } from '../ledger/account-balances.js';
import { assertUuid } from '../validation/uuid.js';
import { type AccountDto, accountSelect, toAccountDto } from './account-dto.js';

export interface GetAccountInput {
  accountId: string;
}

/** One account of the caller's workspace, with its balances; another workspace's account is NOT_FOUND. */
export async function getAccount(ctx: Ctx, input: GetAccountInput): Promise<AccountDto> {
  const id = assertUuid('accountId', input.accountId);
  const [row, balances] = await Promise.all([
    ctx.db.account.findFirst({ where: { id, workspaceId: ctx.workspaceId }, select: accountSelect }),
    balancesOf(ctx, [id]),
  ]);
  if (!row) throw notFound('account');
  return { ...toAccountDto(row), balances: balances.get(id) ?? [] };
}
