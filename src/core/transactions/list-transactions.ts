import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { ValidatedQuery } from '../contract.js';
import type { Page } from '../pagination.js';
import { skipTake } from '../pagination.js';
import { validateQuery } from '../validation/validators.js';
import { parseDateRange } from './date-range.js';
import { countTransactions } from './transaction-counts.js';
import { transactionWhere } from './transaction-filter.js';
import { type TransactionDto, type TransactionRow, toTransactionDto, transactionColumns } from './transaction-row.js';

type ListQuery = ValidatedQuery<'listTransactions'>;

/**
 * `listTransactions`: a page of the workspace's transactions, newest first, with the exact total. The page
 * is chosen on the narrow index first and only its rows are read in full (a deferred join), so
 * deep pages do not fetch the rows they skip; the total comes from the count table where it can.
 */
export async function listTransactions(ctx: Ctx, input: unknown): Promise<Page<TransactionDto>> {
  const q = validateQuery('listTransactions', input);
  const where = transactionWhere(ctx, q);
  const { skip, take } = skipTake(q);
  if (q.search) return searchPage(ctx, q, where, skip, take);
  const [rows, counted] = await Promise.all([
    ctx.sql<TransactionRow>(Prisma.sql`
      WITH page AS (
        SELECT t.id, t.created_at FROM transactions t
        WHERE ${where}
        ORDER BY t.created_at DESC, t.id DESC
        LIMIT ${take} OFFSET ${skip}
      )
      SELECT ${transactionColumns}
      FROM page JOIN transactions t ON t.id = page.id JOIN accounts a ON a.id = t.account_id
      ORDER BY page.created_at DESC, page.id DESC`),
    countTransactions(ctx, q, parseDateRange(q.startDate, q.endDate)),
  ]);
  return { data: rows.map(toTransactionDto), page: q.page, limit: q.limit, total: counted };
}

/**
 * With `search`, the trigram scan dominates: the matches are found once (a CTE used twice is
 * materialized) and both the page and the total come from them, instead of scanning twice.
 */
async function searchPage(ctx: Ctx, q: ListQuery, where: Prisma.Sql, skip: number, take: number): Promise<Page<TransactionDto>> {
  const rows = await ctx.sql<TransactionRow & { matched: string | number }>(Prisma.sql`
    WITH matches AS (
      SELECT t.id, t.created_at FROM transactions t WHERE ${where}
    ), page AS (
      SELECT id, created_at FROM matches ORDER BY created_at DESC, id DESC LIMIT ${take} OFFSET ${skip}
    )
    SELECT ${transactionColumns}, (SELECT count(*) FROM matches) AS matched
    FROM page JOIN transactions t ON t.id = page.id JOIN accounts a ON a.id = t.account_id
    ORDER BY page.created_at DESC, page.id DESC`);
  // A page past the end has no row to carry the total: count on its own then.
  const total = rows[0] ? Number(rows[0].matched) : await countTransactions(ctx, q, parseDateRange(q.startDate, q.endDate));
  return { data: rows.map(toTransactionDto), page: q.page, limit: q.limit, total };
}
