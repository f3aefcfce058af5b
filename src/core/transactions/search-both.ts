import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { utcDay } from './day-cover.js';
import { groupMatches, matchesByName } from './search-conditions.js';
import { type CountedSearch, coinAndDates, namedStatusType, statusType } from './search-filter-sql.js';
import { ofCoin, repeated } from './search-word-repeats.js';

// A one-word search (search-words.ts) counts the rows matching by name and the rows of the
// accounts whose email matches; these are the rows in both, subtracted once.

/** The counted words a one-word query starts: from `word` up to `upper` (bytewise: `word` is ASCII). */
export interface WordRange {
  word: string;
  upper: string;
}

/**
 * How many rows of the accounts `accounts` (a query of `id`s) that `which` keeps (a condition on
 * `transactions t`: dates as a range, the coin as `t.coin`) match by name, from their own keys:
 * the distinct keys of their rows with names, counted index-only (`transactions_account_named_idx`:
 * time, then key, status and coin), each key's groups read from the primary key of
 * `search_groups` alone (key, text, coin: index-only): a key whose groups hold one text (a value
 * in one group per coin) has its rows counted when that text matches the query's pattern
 * (`groupMatches`: their names are that text); a key two texts share has its rows read for their
 * names. Keys repeat (a payee's names): at 10M the 24,614 rows of "pay"'s 651 email accounts over
 * 30 days hold 5,356 keys; their probes took 37 ms reading each group's `shared` flag from the
 * table, and about half as long from the index ("pay" + 30 days 101 -> 71 ms p50).
 */
export function namedByOwnKeys(ctx: Ctx, f: CountedSearch, accounts: Prisma.Sql, which: Prisma.Sql): Prisma.Sql {
  const { own, rows } = ownKeys(ctx, f, accounts, which, Prisma.sql`0`);
  return Prisma.sql`(WITH ${own}
    SELECT coalesce(sum(n) FILTER (WHERE hit AND NOT shared), 0)
      + (SELECT count(*) FROM transactions t
        WHERE ${rows} AND t.search_key IN (SELECT key FROM own WHERE shared) AND ${matchesByName(f.search)}
          AND EXISTS (SELECT 1 FROM own WHERE shared))
    FROM own)`;
}

/** `namedByOwnKeys` per UTC day of the rows: a query of `(day, n)`, a day without any left out. */
export function namedByOwnKeysPerDay(ctx: Ctx, f: CountedSearch, accounts: Prisma.Sql, which: Prisma.Sql): Prisma.Sql {
  const day = utcDay(Prisma.sql`t.created_at`);
  const { own, rows } = ownKeys(ctx, f, accounts, which, day);
  return Prisma.sql`WITH ${own}
    SELECT day, sum(n) AS n FROM own WHERE hit AND NOT shared GROUP BY day
    UNION ALL
    SELECT ${day}, count(*) FROM transactions t
    WHERE ${rows} AND t.search_key IN (SELECT key FROM own WHERE shared) AND ${matchesByName(f.search)}
      AND EXISTS (SELECT 1 FROM own WHERE shared)
    GROUP BY 1`;
}

/**
 * The CTE `own(key, day, n, hit, shared)` of `namedByOwnKeys`: the accounts' rows with names that
 * `which` keeps, counted per key (and `day`, an expression of `t`: a constant for none), each key's
 * groups read from the primary key of `search_groups` alone; and the condition of those rows.
 */
function ownKeys(
  ctx: Ctx,
  f: CountedSearch,
  accounts: Prisma.Sql,
  which: Prisma.Sql,
  day: Prisma.Sql,
): { own: Prisma.Sql; rows: Prisma.Sql } {
  const ws = Prisma.sql`${ctx.workspaceId}::uuid`;
  const rows = Prisma.sql`t.workspace_id = ${ws} AND t.account_id IN (${accounts}) AND t.search_key IS NOT NULL
    AND ${namedStatusType(f, 't')} AND ${which}`;
  const own = Prisma.sql`own AS MATERIALIZED (
      SELECT o.key, o.day, o.n, ${groupMatches(f.search)} AS hit, g.shared
      FROM (SELECT t.search_key AS key, ${day} AS day, count(*) AS n FROM transactions t WHERE ${rows} GROUP BY 1, 2) o
      CROSS JOIN LATERAL (
        SELECT min(x.text) AS text, min(x.text) <> max(x.text) AS shared FROM search_groups x WHERE x.workspace_id = ${ws} AND x.key = o.key
      ) g
    )`;
  return { own, rows };
}

/**
 * How many rows both match by name (the counted words starting with the query, `range_words`,
 * less the repeats) and belong to an account whose email matches (`accts`), without dates (with
 * them, `accountRowsInRange` counts those too): from those accounts' word counts, which hold each
 * row's one coin (a row with names is a bank row of one coin: migration
 * `search_word_counts_per_coin`), a probe per word and account, less the repeats (of the coin).
 * At 10M "chen" in USD (1,045 accounts) took 237 ms p50 when the coin's rows in both were counted
 * from the rows' own search keys instead (67,000 rows read), "pay" in USD 152 ms.
 */
export function inBoth(ctx: Ctx, f: CountedSearch, range: WordRange): Prisma.Sql {
  const { word, upper } = range;
  const counts = f.coin ? Prisma.sql`c.coin = ${f.coin}` : Prisma.sql`TRUE`;
  const repeats = f.coin ? ofCoin(f.coin) : Prisma.sql`TRUE`;
  return Prisma.sql`((SELECT coalesce(sum(c.n), 0) FROM search_word_counts c
      WHERE c.workspace_id = ${ctx.workspaceId}::uuid AND ${statusType(f, 'c')} AND ${counts} AND c.word IN (SELECT word FROM range_words)
        AND c.account_id IN (SELECT id FROM accts))
    - ${repeated(ctx, { ...f, coin: undefined }, word, upper, Prisma.sql`${repeats} AND r.account_id IN (SELECT id FROM accts)`)})`;
}

/**
 * With dates, the CTE `acct_rows(n, named)`: the rows in the range of the accounts whose email
 * matches (`accts`), counted from the account index alone (`transactions_account_rows_idx` holds
 * each row's status, type and coins: an index-only scan), and how many of them match by name too
 * (any word, also one the whole days' counts have not, in a part of a day): from those rows' own
 * keys (`namedByOwnKeys`, the coin as `t.coin`), none when no counted word starts with the query
 * (`range_words` empty: then none of a row's words does). At 10M "treasury" + 30 days + USD counts
 * 23,000 rows of 560 accounts in 19 ms where a table page a row took 140; "pay" + 30 days has
 * 24,524 of its accounts' rows with names, 5,341 keys (from the matching groups' keys instead
 * (`namedOfAccounts`), the 404,186 groups of "payment" alone take 3.4 s to find).
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
