import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { type Page, type PageRequest, skipTake } from '../pagination.js';
import { isSearchOnly, searchOnlyPage } from './search-by-groups.js';
import { countTransactions } from './transaction-counts.js';
import type { TransactionFilter } from './transaction-filter.js';
import { selectTransactionRows, type TransactionDto, toTransactionDto } from './transaction-row.js';

/**
 * How a numbered page (`page`, `limit`) of a list with `search` is read: the search's planning,
 * between the list use case (list-transactions.ts) and the search's SQL (search-by-groups.ts,
 * search-conditions.ts). A search alone is answered from the search groups (the total from their
 * counts, the page from each group's newest rows). With other filters, finding the matches
 * dominates (the indexes' candidates, each checked against the query's pattern and the filters):
 * they are found once (a CTE used twice is materialized) and both the page and the total come from
 * them, instead of searching twice.
 */
export async function searchPage(ctx: Ctx, q: PageRequest, filter: TransactionFilter, where: Prisma.Sql): Promise<Page<TransactionDto>> {
  const { skip, take } = skipTake(q);
  const ctes = isSearchOnly(filter)
    ? searchOnlyPage(ctx.workspaceId, filter.search, skip, take)
    : Prisma.sql`matches AS (
      SELECT t.id, t.created_at FROM transactions t WHERE ${where}
    ), page AS (
      SELECT id, created_at FROM matches ORDER BY created_at DESC, id DESC LIMIT ${take} OFFSET ${skip}
    ), total AS (
      SELECT count(*) AS n FROM matches
    )`;
  const rows = await selectTransactionRows(
    ctx.sql,
    (columns) => Prisma.sql`
    WITH ${ctes}
    SELECT ${columns}
    FROM page JOIN transactions t ON t.workspace_id = ${ctx.workspaceId}::uuid AND t.id = page.id
    ORDER BY page.created_at DESC, page.id DESC`,
    { matched: Prisma.sql`(SELECT n FROM total)` },
  );
  // A page past the end has no row to carry the total: count on its own then.
  const total = rows[0] ? Number(rows[0].matched) : await countTransactions(ctx, filter);
  return { data: rows.map(toTransactionDto), page: q.page, limit: q.limit, total };
}
