import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { QueryOf } from '../contract.js';
import { parseDateRange } from './date-range.js';

export type TransactionFilterInput = Omit<QueryOf<'listTransactions'>, 'page' | 'limit'>;

/** `%` and `_` in a search are literal characters, not patterns. */
function likeLiteral(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The WHERE clause of the list filters over `transactions t`, shared by the list, its count and
 * the analysts' aggregates, so they can never disagree. Always scoped to the caller's workspace.
 */
export function transactionWhere(ctx: Ctx, f: TransactionFilterInput): Prisma.Sql {
  const range = parseDateRange(f.startDate, f.endDate);
  const parts: Prisma.Sql[] = [Prisma.sql`t.workspace_id = ${ctx.workspaceId}::uuid`];
  if (f.accountId) parts.push(Prisma.sql`t.account_id = ${f.accountId.toLowerCase()}::uuid`);
  if (f.transactionType) parts.push(Prisma.sql`t.transaction_type = ${f.transactionType}::transaction_type`);
  if (f.status) parts.push(Prisma.sql`t.status = ${f.status}::transaction_status`);
  if (f.coin) parts.push(Prisma.sql`t.coins @> ARRAY[${f.coin.toUpperCase()}]::text[]`);
  if (range.start) parts.push(Prisma.sql`t.created_at >= ${range.start.at}`);
  if (range.end) parts.push(range.end.inclusive ? Prisma.sql`t.created_at <= ${range.end.at}` : Prisma.sql`t.created_at < ${range.end.at}`);
  if (f.search) parts.push(Prisma.sql`t.search_text LIKE ${`%${likeLiteral(f.search.toLowerCase())}%`}`);
  return Prisma.join(parts, ' AND ');
}
