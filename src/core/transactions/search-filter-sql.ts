import { Prisma } from '../../db/generated/prisma/client.js';
import type { TransactionFilter } from './transaction-filter.js';

// A search's filter as conditions of its statements (search-dense.ts, search-words.ts and the
// files they use).

/** A search with at most a status and a type (for one word, search-words.ts: also a coin and dates): counted from the counts, not the rows. */
export type CountedSearch = TransactionFilter & { search: string };

/**
 * The filter's status and type as conditions on `alias` (a table with `status`, `transaction_type`).
 * `checked`: as a check of each row only (`IS TRUE`), not an index condition: the rare rows are few,
 * and their search combined with the type's index (BitmapAnd) read 6.5M entries (2 s at 10M).
 */
export function statusType(f: CountedSearch, alias: string, checked = false): Prisma.Sql {
  const a = Prisma.raw(alias);
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (f.status) parts.push(Prisma.sql`${a}.status = ${f.status}::transaction_status`);
  if (f.transactionType) parts.push(Prisma.sql`${a}.transaction_type = ${f.transactionType}::transaction_type`);
  return checked ? Prisma.sql`(${Prisma.join(parts, ' AND ')}) IS TRUE` : Prisma.join(parts, ' AND ');
}

/**
 * Whether a walk of the filter's rows goes through the status index with rows scattered over the
 * table: a status other than completed (most rows are completed: their index follows the table's
 * order). Its rows cost 3-5 us each at 10M where the time index's cost about 1 (search-word-costs.ts).
 */
export const walksStatusIndex = (f: CountedSearch): boolean => !!f.status && f.status !== 'completed';

/**
 * The filter's status and type on rows with names (a search key): such a row is a bank row (the
 * table's check `transactions_named_rows_are_bank`), so its type is not read (the account index of
 * those rows, `transactions_account_named_idx`, does not hold it): any other type leaves none.
 */
export function namedStatusType(f: CountedSearch, alias: string): Prisma.Sql {
  const type = !f.transactionType || f.transactionType === 'bank' ? Prisma.sql`TRUE` : Prisma.sql`FALSE`;
  return Prisma.sql`${statusType({ ...f, transactionType: undefined }, alias)} AND ${type}`;
}

/**
 * The filter's coin and dates as conditions on `alias` (a `transactions` row): the coin as a check
 * of each row (`IS TRUE`: no index condition), the dates as `transactionWhere` writes them (a range
 * of the time index), or with `checked` as a check of each row too (the rare rows: ANDed with a
 * month's range of the time index, their few candidates cost 84 ms at 10M); TRUE without either.
 */
export function coinAndDates(f: TransactionFilter, alias: string, checked = false): Prisma.Sql {
  const a = Prisma.raw(alias);
  const { start, end } = f.range;
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (f.coin) parts.push(Prisma.sql`(${a}.coins @> ARRAY[${f.coin}]::text[]) IS TRUE`);
  if (start) parts.push(Prisma.sql`${a}.created_at >= ${start.at}`);
  if (end) parts.push(end.inclusive ? Prisma.sql`${a}.created_at <= ${end.at}` : Prisma.sql`${a}.created_at < ${end.at}`);
  const all = Prisma.join(parts, ' AND ');
  return checked ? Prisma.sql`(${all}) IS TRUE` : all;
}
