import type { Ctx } from '../context.js';
import { type AccountDto, accountSelect, toAccountDto } from './account-dto.js';

/** Accounts of the caller's workspace by id, in one query (GraphQL's batch loader). */
export async function getAccounts(ctx: Ctx, ids: readonly string[]): Promise<Map<string, AccountDto>> {
  const rows = await ctx.db.account.findMany({ where: { workspaceId: ctx.workspaceId, id: { in: [...ids] } }, select: accountSelect });
  return new Map(rows.map((r) => [r.id, toAccountDto(r)]));
}
