import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { type BalanceDto, type BalanceRow, balanceColumns, toBalanceDto } from './balance-dto.js';

/** The balances of some accounts of the caller's workspace, by account and then currency. */
export async function balancesOf(ctx: Pick<Ctx, 'sql' | 'workspaceId'>, accountIds: readonly string[]): Promise<Map<string, BalanceDto[]>> {
  const rows = await ctx.sql<BalanceRow & { accountId: string }>(Prisma.sql`
    SELECT b.account_id::text AS "accountId", ${balanceColumns} FROM ledger_balances b
    WHERE b.workspace_id = ${ctx.workspaceId}::uuid AND b.account_id = ANY(${[...accountIds]}::uuid[])
    ORDER BY b.account_id, b.currency`);
  const by = new Map<string, BalanceDto[]>(accountIds.map((id) => [id, []]));
  for (const r of rows) by.get(r.accountId)?.push(toBalanceDto(r));
  return by;
}
