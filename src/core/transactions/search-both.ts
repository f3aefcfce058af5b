import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { groupMatches, matchesByName } from './search-conditions.js';
import { type CountedSearch, coinAndDates, namedOfAccounts, namedStatusType, statusType } from './search-dense.js';
import { repeated } from './search-word-repeats.js';

// A one-word search (search-words.ts) counts the rows matching by name and the rows of the
// accounts whose email matches; these are the rows in both, subtracted once.

/**
 * The counted words a one-word query starts: from `word` up to `upper` (bytewise: `word` is
 * ASCII). `byKeys`: how `inCoin` counts (undefined: the cheaper way; a test chooses).
 */
export interface WordRange {
  word: string;
  upper: string;
  byKeys?: boolean;
}

/**
 * With a coin and no dates, the CTE `held(id)`: the accounts whose email matches (`accts`) and
 * whose word counts hold a counted word starting with the query (`range_words`) in the filter's
 * status and type: only their rows can be in both (`inCoin`).
 */
export function held(ctx: Ctx, f: CountedSearch): Prisma.Sql {
  return Prisma.sql`held AS MATERIALIZED (
      SELECT DISTINCT c.account_id AS id FROM search_word_counts c
      WHERE c.workspace_id = ${ctx.workspaceId}::uuid AND ${statusType(f, 'c')} AND c.word IN (SELECT word FROM range_words)
        AND c.account_id IN (SELECT id FROM accts) AND c.n > 0
    ),`;
}

/**
 * How many rows of the accounts `held` in the filter's coin match by name, the cheaper of two
 * exact ways: from the matching groups' keys (`namedOfAccounts`: an index-only count of the
 * accounts' rows with names, `transactions_account_named_idx`, where the coin is `t.coin`) when
 * the groups holding a counted word that starts with the query (`search_word_groups`) are fewer
 * than the rows to read (the accounts' bank rows in the coin, from their counts); else from the
 * rows' own keys (`namedByOwnKeys`). At 10M, "soylent" in USD: 15,310 groups against 49,000 rows,
 * from the matching groups (62-84 ms); "payment" in USD: 404,186 groups (an addenda line each),
 * from the rows' 30,753 keys (1.5 s where the rows were read for their names).
 */
function inCoin(ctx: Ctx, f: CountedSearch & { coin: string }, range: WordRange): Prisma.Sql {
  const { word, upper, byKeys } = range;
  const ws = Prisma.sql`${ctx.workspaceId}::uuid`;
  const accounts = Prisma.sql`SELECT id FROM held`;
  const rows = Prisma.sql`(SELECT coalesce(sum(c.n), 0) FROM account_transaction_counts c
    WHERE c.workspace_id = ${ws} AND c.coin = ${f.coin} AND c.transaction_type = 'bank'::transaction_type
      AND ${statusType({ ...f, transactionType: undefined }, 'c')} AND c.account_id IN (${accounts}))`;
  // The words of the query's range of the key (as `range_words`, a range of the index: that CTE
  // is estimated at one row, and its words' probes were planned as a scan of every word); one
  // group each for the words a single group holds (not kept), counted as the counted words.
  const groups = Prisma.sql`((SELECT coalesce(sum(w.n), 0) FROM search_word_groups w
    WHERE w.workspace_id = ${ws} AND w.word >= ${word} AND w.word < ${upper}) + (SELECT count(*) FROM range_words))`;
  const keys = byKeys === undefined ? Prisma.sql`${groups} < ${rows}` : Prisma.raw(String(byKeys));
  const which = Prisma.sql`t.coin = ${f.coin}`;
  return Prisma.sql`(CASE WHEN ${keys} THEN ${namedOfAccounts(ctx, f, accounts, which)} ELSE ${namedByOwnKeys(ctx, f, accounts, which)} END)`;
}

/**
 * How many rows of the accounts `accounts` (a query of `id`s) that `which` keeps (a condition on
 * `transactions t`: dates as a range, the coin as `t.coin`) match by name, from their own keys:
 * the distinct keys of their rows with names, counted index-only (`transactions_account_named_idx`:
 * time, then key, status and coin), each key's group checked by the query's pattern (a probe of
 * `search_groups` per key, `groupMatches`: any one of its groups, as a key is either one value, in
 * one group per coin, or `shared` on all its groups), its rows counted when the key is not shared
 * (their names are that group's text); a shared key's rows read for their names. Keys
 * repeat (a payee's names): at 10M the 24,524 rows of "pay"'s 651 email accounts over 30 days
 * hold 5,341 keys, 36-41 ms where reading those rows for their names took 129-146.
 */
export function namedByOwnKeys(ctx: Ctx, f: CountedSearch, accounts: Prisma.Sql, which: Prisma.Sql): Prisma.Sql {
  const ws = Prisma.sql`${ctx.workspaceId}::uuid`;
  const rows = Prisma.sql`t.workspace_id = ${ws} AND t.account_id IN (${accounts}) AND t.search_key IS NOT NULL
    AND ${namedStatusType(f, 't')} AND ${which}`;
  return Prisma.sql`(WITH own AS MATERIALIZED (
      SELECT o.key, o.n, x.hit, x.shared
      FROM (SELECT t.search_key AS key, count(*) AS n FROM transactions t WHERE ${rows} GROUP BY t.search_key) o
      CROSS JOIN LATERAL (
        SELECT ${groupMatches(f.search)} AS hit, g.shared FROM search_groups g WHERE g.workspace_id = ${ws} AND g.key = o.key LIMIT 1
      ) x
    )
    SELECT coalesce(sum(n) FILTER (WHERE hit AND NOT shared), 0)
      + (SELECT count(*) FROM transactions t
        WHERE ${rows} AND t.search_key IN (SELECT key FROM own WHERE shared) AND ${matchesByName(f.search)}
          AND EXISTS (SELECT 1 FROM own WHERE shared))
    FROM own)`;
}

/**
 * How many rows both match by name (the counted words starting with the query, `range_words`,
 * less the repeats) and belong to an account whose email matches (`accts`), without dates (with
 * them, `accountRowsInRange` counts those too): from the accounts' word counts (a probe per word
 * and account); with a coin (not in those counts), from those accounts' rows in that coin
 * (`inCoin`, of the accounts whose counts have the word: `held`).
 */
export function inBoth(ctx: Ctx, f: CountedSearch, range: WordRange): Prisma.Sql {
  const { word, upper } = range;
  if (f.coin) return inCoin(ctx, { ...f, coin: f.coin }, range);
  return Prisma.sql`((SELECT coalesce(sum(c.n), 0) FROM search_word_counts c
      WHERE c.workspace_id = ${ctx.workspaceId}::uuid AND ${statusType(f, 'c')} AND c.word IN (SELECT word FROM range_words)
        AND c.account_id IN (SELECT id FROM accts))
    - ${repeated(ctx, f, word, upper, Prisma.sql`r.account_id IN (SELECT id FROM accts)`)})`;
}

/**
 * With dates, the CTE `acct_rows(n, named)`: the rows in the range of the accounts whose email
 * matches (`accts`), counted from the account index alone (`transactions_account_rows_idx` holds
 * each row's status, type and coins: an index-only scan), and how many of them match by name too
 * (any word, also one the whole days' counts have not, in a part of a day): from those rows' own
 * keys (`namedByOwnKeys`, the coin as `t.coin`), none when no counted word starts with the query
 * (`range_words` empty: then none of a row's words does). At 10M "treasury" + 30 days + USD counts
 * 23,000 rows of 560 accounts in 19 ms where a table page a row took 140; "pay" + 30 days has
 * 24,524 of its accounts' rows with names, 5,341 keys (from the matching groups' keys instead, as
 * `inCoin`, the 404,186 groups of "payment" alone take 3.4 s to find).
 */
export function accountRowsInRange(ctx: Ctx, f: CountedSearch): Prisma.Sql {
  const rows = Prisma.sql`FROM transactions t
      WHERE t.workspace_id = ${ctx.workspaceId}::uuid AND t.account_id IN (SELECT id FROM accts) AND ${coinAndDates({ ...f, coin: undefined }, 't')}`;
  const which = Prisma.sql`${coinAndDates({ ...f, coin: undefined }, 't')} AND ${f.coin ? Prisma.sql`t.coin = ${f.coin}` : Prisma.sql`TRUE`}`;
  return Prisma.sql`acct_rows AS MATERIALIZED (
      SELECT (SELECT count(*) ${rows} AND ${statusType(f, 't', true)} AND ${coinAndDates({ ...f, range: {} }, 't')}) AS n,
        CASE WHEN EXISTS (SELECT 1 FROM range_words) THEN ${namedByOwnKeys(ctx, f, Prisma.sql`SELECT id FROM accts`, which)} ELSE 0 END AS named
    ),`;
}
