import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { groupMatches, matchesByName } from './search-conditions.js';
import { type CountedSearch, coinAndDates, namedOfAccounts, namedStatusType, statusType } from './search-dense.js';
import { repeated } from './search-word-repeats.js';

// A one-word search (search-words.ts) counts the rows matching by name and the rows of the
// accounts whose email matches; these are the rows in both, subtracted once.

/**
 * How `inCoin` counts the rows in both: from the matching groups' keys, from the rows' own keys
 * in the coin, or as the rows in both of every coin less those of the other coins' rows.
 */
export type BothWay = 'groups' | 'own' | 'otherCoins';

/**
 * The counted words a one-word query starts: from `word` up to `upper` (bytewise: `word` is
 * ASCII). `way`: how `inCoin` counts (undefined: the cheapest; a test chooses).
 */
export interface WordRange {
  word: string;
  upper: string;
  way?: BothWay;
}

/**
 * With a coin and no dates, the CTEs `held(id)`: the accounts whose email matches (`accts`) and
 * whose word counts hold a counted word starting with the query (`range_words`) in the filter's
 * status and type: only their rows can be in both (`inCoin`); their bank rows in the coin and in
 * the others (`held_bank`, from their counts); and `held_rows(way)`, the way of `inCoin` that
 * reads least: the groups holding a counted word that starts with the query (`search_word_groups`;
 * one each for the words a single group holds, not kept) against those rows, weighed by their
 * costs at 10M (a group 3 us and a row in the coin 0.5; a row of an own key 2; a row in the
 * other coins 2.5, with the word counts).
 */
export function held(ctx: Ctx, f: CountedSearch & { coin: string }, range: WordRange): Prisma.Sql {
  const ws = Prisma.sql`${ctx.workspaceId}::uuid`;
  // The words of the query's range of the key (as `range_words`, a range of the index: that CTE
  // is estimated at one row, and its words' probes were planned as a scan of every word).
  const groups = Prisma.sql`((SELECT coalesce(sum(w.n), 0) FROM search_word_groups w
    WHERE w.workspace_id = ${ws} AND w.word >= ${range.word} AND w.word < ${range.upper}) + (SELECT count(*) FROM range_words))`;
  return Prisma.sql`held AS MATERIALIZED (
      SELECT DISTINCT c.account_id AS id FROM search_word_counts c
      WHERE c.workspace_id = ${ws} AND ${statusType(f, 'c')} AND c.word IN (SELECT word FROM range_words)
        AND c.account_id IN (SELECT id FROM accts) AND c.n > 0
    ),
    held_bank AS MATERIALIZED (
      SELECT coalesce(sum(c.n) FILTER (WHERE c.coin = ${f.coin}), 0) AS in_coin,
        coalesce(sum(c.n) FILTER (WHERE c.coin = ''), 0) - coalesce(sum(c.n) FILTER (WHERE c.coin = ${f.coin}), 0) AS others
      FROM account_transaction_counts c
      WHERE c.workspace_id = ${ws} AND c.coin IN ('', ${f.coin}) AND c.transaction_type = 'bank'::transaction_type
        AND ${statusType({ ...f, transactionType: undefined }, 'c')} AND c.account_id IN (SELECT id FROM held)
    ),
    held_rows AS MATERIALIZED (
      SELECT CASE WHEN 6 * ${groups} + in_coin <= least(4 * in_coin, 5 * others) THEN 'groups'
        WHEN 5 * others < 4 * in_coin THEN 'otherCoins' ELSE 'own' END AS way
      FROM held_bank
    ),`;
}

/**
 * How many rows of the accounts `held` in the filter's coin match by name, the cheapest of three
 * exact ways (`held_rows`): from the matching groups' keys (`namedOfAccounts`: an index-only
 * count of the accounts' rows with names, `transactions_account_named_idx`, where the coin is
 * `t.coin`); from the rows' own keys (`namedByOwnKeys`) in the coin; or as the rows in both of
 * every coin (`bothOfAllCoins`: the accounts' word counts) less those in the other coins (their
 * own keys). At 10M, p50 of the total, groups / own / other coins:
 * "soylent" in USD (15,310 groups, 49,000 rows in USD, 8,000 in the others) 74 / 102 / 34 ms, in
 * EUR 38 / 28 / 108; "payment" in USD (404,186 groups: an addenda line each; 209,122 rows in
 * USD, 30,753 keys, against 36,349) - / 403 / 98; "chen" in USD 234 / 622 / 192.
 */
function inCoin(ctx: Ctx, f: CountedSearch & { coin: string }, range: WordRange): Prisma.Sql {
  const accounts = Prisma.sql`SELECT id FROM held`;
  const coin = Prisma.sql`t.coin = ${f.coin}`;
  const ways: Record<BothWay, Prisma.Sql> = {
    groups: namedOfAccounts(ctx, f, accounts, coin),
    own: namedByOwnKeys(ctx, f, accounts, coin),
    otherCoins: Prisma.sql`(${bothOfAllCoins(ctx, f, range, Prisma.sql`held`)} - ${namedByOwnKeys(ctx, f, accounts, Prisma.sql`t.coin <> ${f.coin}`)})`,
  };
  if (range.way) return ways[range.way];
  const chosen = (w: BothWay) => Prisma.sql`(SELECT way = ${w} FROM held_rows)`;
  return Prisma.sql`(CASE WHEN ${chosen('groups')} THEN ${ways.groups} WHEN ${chosen('otherCoins')} THEN ${ways.otherCoins} ELSE ${ways.own} END)`;
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
  if (f.coin) return inCoin(ctx, { ...f, coin: f.coin }, range);
  return bothOfAllCoins(ctx, f, range, Prisma.sql`accts`);
}

/**
 * How many rows of the accounts of CTE `accounts` (`id`) match by name in any coin, from their
 * word counts (a probe per word and account) less the repeats.
 */
function bothOfAllCoins(ctx: Ctx, f: CountedSearch, range: WordRange, accounts: Prisma.Sql): Prisma.Sql {
  const { word, upper } = range;
  return Prisma.sql`((SELECT coalesce(sum(c.n), 0) FROM search_word_counts c
      WHERE c.workspace_id = ${ctx.workspaceId}::uuid AND ${statusType({ ...f, coin: undefined }, 'c')} AND c.word IN (SELECT word FROM range_words)
        AND c.account_id IN (SELECT id FROM ${accounts}))
    - ${repeated(ctx, { ...f, coin: undefined }, word, upper, Prisma.sql`r.account_id IN (SELECT id FROM ${accounts})`)})`;
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
