import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { matchesByName } from './search-conditions.js';
import { type CountedSearch, coinAndDates, namedOfAccounts, statusType } from './search-dense.js';
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
 * than the rows to read (the accounts' bank rows in the coin, from their counts); else those rows
 * read for their names (`mayBeNamed`, checked in the account index's entries before the table is
 * read). At 10M, "soylent" in USD: 15,310 groups against 49,000 rows, from the keys (97-99 ms
 * where reading them took 304-406); in EUR: against 5,700 rows, read (42-61 ms); "payment" in
 * USD: 404,186 groups (an addenda line each): read.
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
  const read = Prisma.sql`(SELECT count(*) FROM transactions t
    WHERE t.workspace_id = ${ws} AND t.account_id IN (${accounts})
      AND ${statusType(f, 't')} AND ${mayBeNamed(f)} AND ${matchesByName(f.search)} IS TRUE)`;
  const keys = byKeys === undefined ? Prisma.sql`${groups} < ${rows}` : Prisma.raw(String(byKeys));
  return Prisma.sql`(CASE WHEN ${keys} THEN ${namedOfAccounts(ctx, f, accounts, Prisma.sql`t.coin = ${f.coin}`)} ELSE ${read} END)`;
}

/**
 * The rows of `transactions t` that may match by name, as conditions the account index checks in
 * its entries (`transactions_account_rows_idx`: type and coins are its columns): a row with names
 * (the only kind `matchesByName` can match) is a bank row of one coin (the table's check
 * `transactions_named_rows_are_bank`), so only those entries of an account are read from the
 * table for their names.
 */
function mayBeNamed(f: CountedSearch): Prisma.Sql {
  const coin = f.coin ? Prisma.sql`t.coins = ARRAY[${f.coin}]::text[]` : Prisma.sql`TRUE`;
  return Prisma.sql`t.transaction_type = 'bank'::transaction_type AND ${coin}`;
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
 * (any word, also one the whole days' counts have not, in a part of a day): the bank rows of the
 * filter's coin and status among them (`mayBeNamed`, checked in the index) read for their names,
 * none when no counted word starts with the query (`range_words` empty: then none of a row's
 * words does). At 10M "treasury" + 30 days + USD counts 23,000 rows of 560 accounts in 19 ms
 * where a table page a row took 140; "pay" + 30 days reads 24,000 of its accounts' 109,000 rows
 * for their names (121 ms where all took 206; from the matching groups' keys instead, as `inCoin`,
 * the 404,186 groups of "payment" alone take 3.4 s to find: a range of dates leaves few rows to read).
 */
export function accountRowsInRange(ctx: Ctx, f: CountedSearch): Prisma.Sql {
  const rows = Prisma.sql`FROM transactions t
      WHERE t.workspace_id = ${ctx.workspaceId}::uuid AND t.account_id IN (SELECT id FROM accts) AND ${coinAndDates({ ...f, coin: undefined }, 't')}`;
  return Prisma.sql`acct_rows AS MATERIALIZED (
      SELECT (SELECT count(*) ${rows} AND ${statusType(f, 't', true)} AND ${coinAndDates({ ...f, range: {} }, 't')}) AS n,
        CASE WHEN EXISTS (SELECT 1 FROM range_words) THEN (
          SELECT count(*) ${rows} AND ${statusType(f, 't')} AND ${mayBeNamed(f)} AND ${matchesByName(f.search)} IS TRUE
        ) ELSE 0 END AS named
    ),`;
}
