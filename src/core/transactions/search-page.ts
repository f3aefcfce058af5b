import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { type Page, type PageRequest, skipTake } from '../pagination.js';
import { countedSearchPage, isCountedSearch } from './search-dense.js';
import { isWordSearch, wordSearchPage } from './search-words.js';
import { countTransactions } from './transaction-counts.js';
import type { TransactionFilter } from './transaction-filter.js';
import { selectTransactionRows, type TransactionDto, toTransactionDto } from './transaction-row.js';

/**
 * How a numbered page (`page`, `limit`) of a list with `search` is read: the search's planning,
 * between the list use case (list-transactions.ts) and the search's SQL (search-dense.ts,
 * search-conditions.ts). A search alone or with a status, type and/or coin is answered from the kept
 * counts: a one-word query (also with a coin, over dates, or both) from its word's counts (search-words.ts),
 * its page walked from the newest rows when its matches are dense, a later page located by the days
 * of its matches (search-word-days.ts), or without dates read from each matching key's and
 * account's newest rows (search-probes.ts); otherwise from its groups' (search-dense.ts: the total
 * from the counts, the page walked from the newest rows or read per matching key; with a coin, its
 * groups of that coin). With an account or dates, finding the matches
 * dominates (the indexes' candidates, each checked against the query's pattern and the filters):
 * they are found once (a CTE used twice is materialized) and both the page and the total come from
 * them, instead of searching twice.
 */
export async function searchPage(
  ctx: Ctx,
  q: PageRequest,
  filter: TransactionFilter,
  where: Prisma.Sql,
  denseWalkRows?: number,
): Promise<Page<TransactionDto>> {
  const { skip, take } = skipTake(q);
  const words = isWordSearch(filter) ? await wordSearchPage(ctx, filter, skip, take, denseWalkRows) : undefined;
  if (words) return { data: words.rows, page: q.page, limit: q.limit, total: words.total };
  if (isCountedSearch(filter)) {
    const { rows, total } = await countedSearchPage(ctx, filter, skip, take, denseWalkRows);
    return { data: rows, page: q.page, limit: q.limit, total };
  }
  const ctes = Prisma.sql`matches AS (
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
