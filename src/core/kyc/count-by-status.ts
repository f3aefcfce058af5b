import type { Ctx } from '../context.js';
import { listReads } from '../read-routing.js';

export interface StatusCount {
  status: string;
  count: number;
}

/**
 * Accounts of the workspace counted by verification status (`none` when nothing is saved) and
 * by account status, computed in SQL.
 */
export async function countByStatus(caller: Ctx): Promise<{ verification: StatusCount[]; account: StatusCount[] }> {
  const ctx = listReads(caller);
  const [verification, account] = await Promise.all([
    ctx.db.$queryRaw<{ status: string; count: bigint }[]>`
      SELECT coalesce(v.status::text, 'none') AS status, count(*) AS count
      FROM accounts a LEFT JOIN banking_verifications v ON v.workspace_id = a.workspace_id AND v.account_id = a.id
      WHERE a.workspace_id = ${ctx.workspaceId}::uuid
      GROUP BY 1 ORDER BY 1`,
    ctx.db.$queryRaw<{ status: string; count: bigint }[]>`
      SELECT status::text AS status, count(*) AS count FROM accounts
      WHERE workspace_id = ${ctx.workspaceId}::uuid GROUP BY 1 ORDER BY 1`,
  ]);
  const plain = (rows: { status: string; count: bigint }[]) => rows.map((r) => ({ status: r.status, count: Number(r.count) }));
  return { verification: plain(verification), account: plain(account) };
}
