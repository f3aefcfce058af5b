import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { assertUuid } from '../validation/uuid.js';
import { type AccountDto, accountSelect, toAccountDto } from './account-dto.js';

export interface GetAccountInput {
  accountId: string;
}

/** One account of the caller's workspace; another workspace's account is NOT_FOUND. */
export async function getAccount(ctx: Ctx, input: GetAccountInput): Promise<AccountDto> {
  const id = assertUuid('accountId', input.accountId);
  const row = await ctx.db.account.findFirst({
    where: { id, workspaceId: ctx.workspaceId },
    select: accountSelect,
  });
  if (!row) throw notFound('account');
  return toAccountDto(row);
}
