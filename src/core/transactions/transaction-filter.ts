import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { QueryOf } from '../contract.js';
import { type DateRange, parseDateRange } from '../validation/date-range.js';
import { type SearchSets, searchCondition } from './search-conditions.js';

export type TransactionFilterInput = Omit<QueryOf<'listTransactions'>, 'page' | 'limit' | 'after'>;

/**
 * A list filter resolved once (dates parsed, case normalised, scoped to a workspace): the list,
 * its count and the analysts' aggregates all read this, so they can never disagree.
 */
export interface TransactionFilter {
  workspaceId: string;
  accountId?: string;
  transactionType?: TransactionFilterInput['transactionType'];
  status?: TransactionFilterInput['status'];
  /** Upper case, as coins are stored. */
  coin?: string;
  /** Lower case (search-conditions.ts). */
  search?: string;
  /** The search's matching group keys and accounts, when resolved before the search's statement (search-sets.ts). */
  searchSets?: SearchSets;
  range: DateRange;
}

/** Validated query parameters -> the filter; VALIDATION_FAILED for a bad date range. */
export function resolveTransactionFilter(ctx: Ctx, f: TransactionFilterInput): TransactionFilter {
  return {
    workspaceId: ctx.workspaceId,
    accountId: f.accountId?.toLowerCase(),
    transactionType: f.transactionType,
    status: f.status,
    coin: f.coin?.toUpperCase(),
    search: f.search?.toLowerCase(),
    range: parseDateRange(f.startDate, f.endDate),
  };
}

/** The WHERE clause of a filter over `transactions t`. Always scoped to the filter's workspace. */
export function transactionWhere(f: TransactionFilter): Prisma.Sql {
  const { start, end } = f.range;
  const parts: Prisma.Sql[] = [Prisma.sql`t.workspace_id = ${f.workspaceId}::uuid`];
  if (f.accountId) parts.push(Prisma.sql`t.account_id = ${f.accountId}::uuid`);
  if (f.transactionType) parts.push(Prisma.sql`t.transaction_type = ${f.transactionType}::transaction_type`);
  if (f.status) parts.push(Prisma.sql`t.status = ${f.status}::transaction_status`);
  // With a search's values (search-sets.ts) the coin is checked on the search's candidates (IS TRUE
  // is no index condition): intersected with the coin's index, a common coin's million rows made
  // the bitmap lossy and every row of its pages was rechecked (27 s for "soylent" and USD at 10M).
  if (f.coin) {
    const coin = Prisma.sql`t.coins @> ARRAY[${f.coin}]::text[]`;
    parts.push(f.searchSets ? Prisma.sql`(${coin}) IS TRUE` : coin);
  }
  if (start) parts.push(Prisma.sql`t.created_at >= ${start.at}`);
  if (end) parts.push(end.inclusive ? Prisma.sql`t.created_at <= ${end.at}` : Prisma.sql`t.created_at < ${end.at}`);
  if (f.search) parts.push(searchCondition(f.workspaceId, f.search, f.searchSets));
  return Prisma.join(parts, ' AND ');
}
