import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { countTransactions } from './transaction-counts.js';
import type { TransactionFilter } from './transaction-filter.js';
import { selectTransactionRows, type TransactionDto, toTransactionDto } from './transaction-row.js';

/**
 * The rows of a chosen page in full, newest first, and the filter's exact total, read at once.
 * `page` is SQL ending in a CTE `page(id, created_at)` (by OFFSET, by the day counts, or after a
 * cursor): only its rows are read in full (a deferred join), so a page never fetches the rows it skips.
 */
export async function readPageRows(
  ctx: Ctx,
  page: Prisma.Sql,
  filter: TransactionFilter,
): Promise<{ rows: TransactionDto[]; total: number }> {
  const [rows, total] = await Promise.all([
    selectTransactionRows(
      ctx.sql,
      (columns) => Prisma.sql`
      ${page}
      SELECT ${columns}
      FROM page JOIN transactions t ON t.workspace_id = ${ctx.workspaceId}::uuid AND t.id = page.id
      ORDER BY page.created_at DESC, page.id DESC`,
    ),
    countTransactions(ctx, filter),
  ]);
  return { rows: rows.map(toTransactionDto), total };
}
