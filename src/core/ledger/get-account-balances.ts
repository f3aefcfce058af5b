import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { notFound } from '../errors.js';
import { assertUuid } from '../validation/uuid.js';
import { balancesOf } from './account-balances.js';

export interface GetAccountBalancesInput {
  accountId: string;
}

/** `getAccountBalances`: an account's balance per currency (one indexed read); another workspace's account is NOT_FOUND. */
export async function getAccountBalances(ctx: Ctx, input: GetAccountBalancesInput): Promise<Schemas['AccountBalances']> {
  const accountId = assertUuid('accountId', input.accountId);
  const [account, balances] = await Promise.all([
    ctx.db.account.findFirst({ where: { id: accountId, workspaceId: ctx.workspaceId }, select: { id: true } }),
    balancesOf(ctx, [accountId]),
  ]);
  if (!account) throw notFound('account');
  return { accountId, data: balances.get(accountId) ?? [] };
}
