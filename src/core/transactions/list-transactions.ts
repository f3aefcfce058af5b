import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { ValidatedQuery } from '../contract.js';
import { type CursorPage, filterDigest, nextCursorOf, numberedPageHasMore, refusePageWithCursor } from '../cursor.js';
import { type Page, skipTake } from '../pagination.js';
import { listReads } from '../read-routing.js';
import { validateQuery } from '../validation/validators.js';
import { readPageRows } from './page-rows.js';
import { isCountedSearch } from './search-dense.js';
import { searchPage } from './search-page.js';
import { resolveSearchSets } from './search-sets.js';
import { isWordSearch } from './search-words.js';
import { pageEdge } from './transaction-counts.js';
import { transactionCursorPage, transactionKey } from './transaction-cursor-page.js';
import { resolveTransactionFilter, type TransactionFilter, transactionWhere } from './transaction-filter.js';
import type { TransactionDto } from './transaction-row.js';

type ListQuery = ValidatedQuery<'listTransactions'>;

/** From this many skipped rows on, a page is located through the per-day counts rather than by reading every row it skips. */
export const DEEP_SKIP = 10_000;

/**
 * `listTransactions`: a page of the workspace's transactions, newest first, with the exact total. The page
 * is chosen on the narrow index first and only its rows are read in full (a deferred join), so
 * deep pages do not fetch the rows they skip; the total comes from the count table where it can.
 * With `after`, the page follows the cursor's row instead (transaction-cursor-page.ts). Every
 * page carries the cursor of the next one.
 */
export async function listTransactions(
  caller: Ctx,
  input: unknown,
  opts: { deepSkip?: number; denseWalkRows?: number } = {},
): Promise<CursorPage<TransactionDto>> {
  const ctx = listReads(caller);
  const q = validateQuery('listTransactions', input);
  refusePageWithCursor(q);
  // A one-word search's numbered page may come from the word counts, a search with no account or
  // dates from its groups' counts, both without the search's sets (search-page.ts).
  const base = resolveTransactionFilter(ctx, q);
  const counted = isWordSearch(base) || isCountedSearch(base);
  const filter = q.after === undefined && counted ? base : await resolveSearchSets(ctx, base);
  const where = transactionWhere(filter);
  const filters = filterDigest(q);
  if (q.after !== undefined) return transactionCursorPage(ctx, { ...q, after: q.after }, filter, where, filters);
  const { skip, take } = skipTake(q);
  const numbered = await numberedPage(ctx, q, filter, where, opts);
  const more = numberedPageHasMore(skip, take, numbered.data.length, numbered.total);
  return { ...numbered, nextCursor: nextCursorOf(ctx, 'transactions', filters, numbered.data, more, transactionKey) };
}

/** A numbered page (`page`, `limit`): OFFSET, or for deep pages the per-day counts; a search is planned in search-page.ts. */
async function numberedPage(
  ctx: Ctx,
  q: ListQuery,
  filter: TransactionFilter,
  where: Prisma.Sql,
  opts: { deepSkip?: number; denseWalkRows?: number },
): Promise<Page<TransactionDto>> {
  const { skip, take } = skipTake(q);
  if (filter.search) return searchPage(ctx, q, filter, where, opts.denseWalkRows);
  const edge = skip >= (opts.deepSkip ?? DEEP_SKIP) ? pageEdge(filter, skip) : undefined;
  const page = edge
    ? Prisma.sql`WITH RECURSIVE ${edge}, ${deepPage(where, skip, take)}`
    : Prisma.sql`WITH page AS (
        SELECT t.id, t.created_at FROM transactions t
        WHERE ${where}
        ORDER BY t.created_at DESC, t.id DESC
        LIMIT ${take} OFFSET ${skip}
      )`;
  const { rows, total } = await readPageRows(ctx, page, filter);
  return { data: rows, page: q.page, limit: q.limit, total };
}

/**
 * `page(id, created_at)` of a deep page, given `edge` (transaction-counts.ts `pageEdge`): only the
 * day holding the page's first row is read, from whichever end of it is nearer. From the day's
 * end (newest first) it skips `within` rows and may run on into older days; a page that lies
 * wholly in the older half of its day is read from the day's start instead (oldest first),
 * skipping `n - within - take` rows. Each branch's condition is a one-time filter: only one runs
 * (the other's LIMIT is still evaluated, hence `greatest`).
 */
function deepPage(where: Prisma.Sql, skip: number, take: number): Prisma.Sql {
  const within = Prisma.sql`(SELECT ${skip}::bigint - skipped FROM edge)`;
  const fromStart = Prisma.sql`(SELECT 2 * (${skip}::bigint - skipped) > n AND ${skip}::bigint - skipped + ${take} <= n FROM edge)`;
  const dayStart = Prisma.sql`(SELECT day::timestamp AT TIME ZONE 'UTC' FROM edge)`;
  const dayEnd = Prisma.sql`(SELECT (day + 1)::timestamp AT TIME ZONE 'UTC' FROM edge)`;
  return Prisma.sql`page AS (
      (SELECT t.id, t.created_at FROM transactions t
       WHERE ${where} AND t.created_at < ${dayEnd} AND NOT ${fromStart}
       ORDER BY t.created_at DESC, t.id DESC
       LIMIT ${take} OFFSET ${within})
      UNION ALL
      (SELECT t.id, t.created_at FROM transactions t
       WHERE ${where} AND t.created_at >= ${dayStart} AND t.created_at < ${dayEnd} AND ${fromStart}
       ORDER BY t.created_at, t.id
       LIMIT ${take} OFFSET (SELECT greatest(n - (${skip}::bigint - skipped) - ${take}, 0) FROM edge))
    )`;
}
