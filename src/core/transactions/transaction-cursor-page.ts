import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { type CursorKey, type CursorPage, decodeCursor, nextCursorOf } from '../cursor.js';
import { readPageRows } from './page-rows.js';
import type { TransactionFilter } from './transaction-filter.js';
import type { TransactionDto } from './transaction-row.js';

/** Where a transaction sits in the list's order (`created_at` desc, `id` desc): its cursor key. */
export const transactionKey = (t: TransactionDto): CursorKey => ({ at: t.createdAt, id: t.id });

/**
 * A cursor page of transactions: the `take` rows after the cursor's row in the list's order,
 * read by keyset on `(created_at, id)` (never OFFSET), so rows inserted or changed since do not
 * shift it. Without `search` the page walks an index of (workspace_id[, filter], created_at, id)
 * backwards from the key; with it, the matches after the key are found once through the search
 * indexes (the pattern is too selective for a walk in date order to stop early), then sorted. One
 * row more than the page is read to know whether another page follows.
 */
export async function transactionCursorPage(
  ctx: Ctx,
  q: { after: string; limit: number; page: number },
  filter: TransactionFilter,
  where: Prisma.Sql,
  filters: string,
): Promise<CursorPage<TransactionDto>> {
  const key = decodeCursor(ctx, 'transactions', filters, q.after);
  const after = Prisma.sql`(t.created_at, t.id) < (${key.at}::timestamptz, ${key.id}::uuid)`;
  const take = q.limit + 1;
  const page = filter.search
    ? Prisma.sql`WITH matches AS MATERIALIZED (
        SELECT t.id, t.created_at FROM transactions t WHERE ${where} AND ${after}
      ), page AS (
        SELECT id, created_at FROM matches ORDER BY created_at DESC, id DESC LIMIT ${take}
      )`
    : Prisma.sql`WITH page AS (
        SELECT t.id, t.created_at FROM transactions t
        WHERE ${where} AND ${after}
        ORDER BY t.created_at DESC, t.id DESC
        LIMIT ${take}
      )`;
  const { rows, total } = await readPageRows(ctx, page, filter);
  const data = rows.slice(0, q.limit);
  const nextCursor = nextCursorOf(ctx, 'transactions', filters, data, rows.length > q.limit, transactionKey);
  return { data, page: q.page, limit: q.limit, total, nextCursor };
}
