import { Prisma } from '../../db/generated/prisma/client.js';
import { type CountedSearch, walksStatusIndex } from './search-filter-sql.js';

// How a search's page is found: the cost rules that weigh a walk of the workspace's rows against
// each matching key's and account's newest rows. A one-word search's (search-words.ts, `planCtes`)
// are on the columns of its `counts` CTE (named, by_account, rows, all_names, all_accounts, probes,
// accounts); a counted search's (search-dense.ts) on its walk's budget. Each figure was measured at
// 10M rows on PostgreSQL on a two-core machine.

/**
 * The page is found by walking the workspace's rows newest first (with the filter's index) while
 * at most this many rows are expected to be read for it (`skip + take` over the matches' share of
 * the rows), or no more than the other way would read (`walkPays`, search-dense.ts); beyond, from
 * each matching key's and account's newest rows.
 */
export const DENSE_WALK_ROWS = 20_000;

/**
 * With a coin, a page is walked from the newest rows while that reads at most this many rows per
 * row the groups' search would check instead (the word's matches in every coin), and at most
 * MAX_COIN_WALK rows. A walked row's coin is checked first (a value of the row: its names are read
 * for that coin's rows only), 0.55 us a row at 10M, where the groups' search costs 4.5 us a
 * candidate. At 10M the 100 newest of "intermediary" in EUR (30,239 of 300,000 matches) are found
 * in 31,000 rows: 29 ms, where the groups took 1.3 s; at 100,000 rows on PGlite its 140 in GBP
 * are left to the groups (30 ms; walked, 62).
 */
const COIN_WALK_PER_CANDIDATE = 4;
export const MAX_COIN_WALK = 1_000_000;

/**
 * With a coin and a status other than completed the walk goes through the status index, whose rows
 * lie scattered over the table (3-5 us a row at 10M, not 0.55), and the groups' search reads
 * only the keys holding a row of that status and coin, as many entries as match, from the key
 * index alone (search-probes.ts): its cost is finding the matching groups of the coin (about 2.7
 * us a group, `keysCost`) and reading each matching account's counts and newest rows (about 80
 * us an account). The walk is chosen when it costs less: at 10M "intermediary" + EUR + failed
 * (1,680 groups, no account) walked 34,000 rows in 96 ms where its keys took 23; "chen" + GBP +
 * failed (1,045 accounts) walked 31,000 rows in 178 ms (a machine where a walked row took 4.8
 * us) where its keys took 92. Per 0.1 us: a row walked, a group, an account.
 */
const STATUS_WALK = { row: 40, group: 27, account: 800 };

/** A walked row of the time index in STATUS_WALK's units: about 1 us at 10M (`walkPays`). */
const TIME_WALK_ROW = 10;

/**
 * A counted search's walk of the status index (`walksStatusIndex`) costs STATUS_WALK.row a row
 * where `walkPays` reckons TIME_WALK_ROW, so its budget of rows is that much smaller: at 10M
 * "soylent foods" + EUR + returned (914 matches) walked 19,000 rows of it in 73 ms, where its keys
 * took 25. 0 stays 0 (never a walk); else at least 1 (a test's budget of one row).
 */
export const scatteredBudget = (f: CountedSearch, walkRows: number): number =>
  walksStatusIndex(f) && walkRows > 0 ? Math.max(1, Math.floor((walkRows * TIME_WALK_ROW) / STATUS_WALK.row)) : walkRows;

/**
 * What the groups' search costs with a status other than completed, in STATUS_WALK's units: its
 * groups of the filter's coin (the index holds each group's coin: migration
 * `search_group_coin_keys`), about the word's groups in every coin (`probes`) times the coin's
 * share of the word's matches by name (`named` of `all_names`; all of them without a coin), and
 * its accounts. At 10M "pay" matches 420,726 groups, 1,207 of them in GBP: "pay" + GBP +
 * processing took 185 ms walked, 69 from its keys once the index held the coin (194 before).
 */
const keysCost = Prisma.sql`${STATUS_WALK.group} * probes * CASE WHEN all_names > named THEN named / all_names::numeric ELSE 1 END
  + ${STATUS_WALK.account} * accounts`;

/**
 * Whether a search with a coin is walked for what the groups' search would cost instead (the
 * walk reads every coin's rows: its share is of them all), scaled by `walkRows` against
 * DENSE_WALK_ROWS as `walkPays` is. Without a status other than completed: while the walk reads
 * at most COIN_WALK_PER_CANDIDATE rows per candidate (and MAX_COIN_WALK in all); with one, by
 * `STATUS_WALK`.
 */
export function coinWalks(f: CountedSearch, first: number, walkRows: number): Prisma.Sql {
  if (!f.coin) return Prisma.sql`FALSE`;
  if (!walksStatusIndex(f))
    return Prisma.sql`${walkRows} > 0 AND (named + by_account) * least(${COIN_WALK_PER_CANDIDATE} * (all_names + all_accounts), ${MAX_COIN_WALK}) >= ${first} * rows`;
  return Prisma.sql`(named + by_account)::numeric * (${keysCost}) * ${walkRows} >= ${first * STATUS_WALK.row}::numeric * rows * ${DENSE_WALK_ROWS}`;
}

/**
 * With rows of the accounts whose email matches, a page located by day counts those accounts' rows
 * per day back to the day by which the other matches alone fill the page (search-word-days.ts): so
 * only when those fill it (`named` at least `first`) and the walk it saves is longer than about
 * ACCOUNT_DAY_ROWS rows an account (scaled by `walkRows` as `walkPays` is). At 10M "soylent" page 50 (141 accounts, a walk of 163,000
 * rows, 166 ms) took 36; "chen" page 50 (1,045 accounts, a walk of 42,000 rows, 60 ms) 108.
 */
const ACCOUNT_DAY_ROWS = 100;
export const accountDaysPay = (first: number, walkRows: number): Prisma.Sql =>
  Prisma.sql`named >= ${first} AND ${first}::numeric * rows * ${DENSE_WALK_ROWS} >= (named + by_account) * ${ACCOUNT_DAY_ROWS} * accounts * ${walkRows}`;

/**
 * Whether a page located by day (a walk of about `take` matches' rows from its day) costs less
 * than the groups' search (`STATUS_WALK`) with a status other than completed: at 10M
 * "intermediary" + EUR + pending page 3 walked 34,500 rows of the status index from its day in
 * 97 ms, where its keys took 20. Always with another status (its walk is of the time index).
 */
export function statusWalkPays(f: CountedSearch, take: number): Prisma.Sql {
  if (!walksStatusIndex(f)) return Prisma.sql`TRUE`;
  return Prisma.sql`named::numeric * (${keysCost}) >= ${take * STATUS_WALK.row}::numeric * rows`;
}
