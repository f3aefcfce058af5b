import type { Ctx } from '../../src/core/context.js';
import { listTransactions } from '../../src/core/transactions/list-transactions.js';
import type { TransactionDto } from '../../src/core/transactions/transaction-row.js';
import { inDates, matchesSearch } from './search-oracle.js';

/** A workspace's rows, newest first, and each coin's row ids, as the list without a search answers them (the counts' and coins' index, not the words'). */
export interface ListedRows {
  rows: TransactionDto[];
  coinRows: Map<string, Set<string>>;
}

/** The workspace's rows (at most 100) and the ids of its rows in each of `coins`, read through the list. */
export async function listedRows(ctx: Ctx, coins: string[]): Promise<ListedRows> {
  const rows = (await listTransactions(ctx, { limit: 100 })).data;
  const coinRows = new Map<string, Set<string>>();
  for (const coin of coins) coinRows.set(coin, new Set((await listTransactions(ctx, { coin, limit: 100 })).data.map((r) => r.id)));
  return { rows, coinRows };
}

/** The ids a list with search `q` and `filter` (status, type, coin, dates) should answer, newest first: the search oracle over the listed rows. */
export function expectedIds({ rows, coinRows }: ListedRows, q: string, filter: Record<string, string>): string[] {
  return rows
    .filter((r) => matchesSearch(r, q) && (!filter.status || r.status === filter.status))
    .filter((r) => !filter.transactionType || r.transactionType === filter.transactionType)
    .filter((r) => !filter.coin || !!coinRows.get(filter.coin)?.has(r.id))
    .filter((r) => inDates(r.createdAt, filter))
    .map((r) => r.id);
}
