import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { matchingAccounts, matchingGroups } from './search-conditions.js';
import type { TransactionFilter } from './transaction-filter.js';

/**
 * Beyond this many matching groups the keys stay a subquery of the search's statement: a list of
 * values is sent with it (about 8 bytes a key), and a word that common matches most rows anyway.
 */
const MAX_KEYS = 200_000;

/**
 * `f` with its search's matching group keys and accounts (`SearchSets`, search-conditions.ts) when
 * the rows are searched with a coin and no account or dates: its cursor pages (`after`; a numbered
 * page of such a search is counted from its groups of that coin, search-dense.ts; an account's
 * rows are few, and with dates the planner's walk of the time range from the keys' subquery is
 * the better plan: 1.1-1.6 s against 0.7-2.5 s with the values at 10M); `f` unchanged otherwise. The coin is then checked on each of
 * the search's candidates rather than intersected with its index (transactionWhere). One
 * short statement (the groups' and emails' word keys, 60 ms for the 15,310 groups of "soylent" at
 * 10M) before the search's own: a group or account first matched between the two is not in this
 * answer, as it would not be had the request come a moment sooner.
 */
export async function resolveSearchSets(ctx: Ctx, f: TransactionFilter): Promise<TransactionFilter> {
  if (!f.search || f.searchSets || !f.coin || f.accountId || f.range.start || f.range.end) return f;
  const [row] = await ctx.sql<{ keys: string[]; accounts: string[] }>(Prisma.sql`
    SELECT ARRAY(SELECT m.key::text FROM (${matchingGroups(f.workspaceId, f.search, Prisma.sql`g.key`, f.coin)}) m LIMIT ${MAX_KEYS + 1}) AS keys,
      ARRAY(SELECT m.id::text FROM (${matchingAccounts(f.workspaceId, f.search)}) m) AS accounts`);
  if (!row || row.keys.length > MAX_KEYS) return f;
  return { ...f, searchSets: { keys: row.keys, accounts: row.accounts } };
}
