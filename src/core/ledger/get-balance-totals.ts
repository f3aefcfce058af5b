import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { listReads } from '../read-routing.js';
import { fixed } from '../transactions/money.js';
import { partsOf, toEntryBalanceDto } from './balance-dto.js';

export type BalanceTotalDto = Schemas['BalanceTotal'];

/** Analysts' aggregate: the workspace's balances per currency, summed over its accounts (never across currencies). */
export async function getBalanceTotals(caller: Ctx): Promise<BalanceTotalDto[]> {
  const ctx = listReads(caller);
  const rows = await ctx.sql<{
    currency: string;
    accounts: bigint | string;
    posted: string;
    pendingIn: string;
    pendingOut: string;
  }>(Prisma.sql`
    SELECT currency, count(*) AS accounts, sum(posted)::text AS "posted", sum(pending_in)::text AS "pendingIn",
           sum(pending_out)::text AS "pendingOut"
    FROM ledger_balances WHERE workspace_id = ${ctx.workspaceId}::uuid
    GROUP BY currency ORDER BY currency`);
  return rows.map((r) => {
    const p = partsOf(r);
    return {
      currency: r.currency,
      accounts: Number(r.accounts),
      ...toEntryBalanceDto(r.currency, p),
      pendingIncoming: fixed(p.pendingIn, r.currency),
      pendingOutgoing: fixed(p.pendingOut, r.currency),
    };
  });
}
