import { Prisma } from '../../db/generated/prisma/client.js';

// The words of a transaction's names, as the search groups and the word counts read them, and its
// set of coins, as the per-day word counts key them.

/**
 * A transaction's name-like fields one per line, as `search_groups.text` holds them (migration
 * `search_groups`): what a search's pattern reads for them. `array_to_string` skips a NULL.
 */
export const GROUP_TEXT = Prisma.sql`array_to_string(ARRAY[t.originator_name, t.beneficiary_name] || t.addenda, E'\\n')`;

/**
 * The distinct words of `text` (names one per line, as `GROUP_TEXT`), as `word`: the runs of
 * letters and digits of its lower-cased text, split as the search's pattern (`search_pattern`)
 * reads them, so a one-word query matches the names exactly when it starts one of these words.
 */
export const wordsOf = (text: Prisma.Sql): Prisma.Sql => Prisma.sql`(
  SELECT DISTINCT x AS word FROM regexp_split_to_table(lower(${text}), '[^[:alnum:]]+') AS x WHERE x <> ''
)`;

/** The distinct words of the name-like fields of `transactions t` (`wordsOf`). */
export const ROW_WORDS = wordsOf(GROUP_TEXT);

/** The characters a repeat's word and its predecessor share (and the least a query must have to use the repeats). */
export const REPEAT_PREFIX = 3;

/**
 * The words of `ROW_WORDS` whose predecessor among them, in bytewise order (`prev`), shares their
 * first REPEAT_PREFIX characters, as `word, prev` (migration `search_word_repeats`). A row's words
 * starting with a query are consecutive in that order: a query of REPEAT_PREFIX characters or more
 * counts the row once by counting each word but those whose `prev` also starts with it.
 */
export const ROW_REPEATS = Prisma.sql`(
  SELECT word, prev FROM (
    SELECT r.word, lag(r.word) OVER (ORDER BY r.word) AS prev FROM (SELECT w.word COLLATE "C" AS word FROM ${ROW_WORDS} w) r
  ) l
  WHERE left(prev, ${REPEAT_PREFIX}) = left(word, ${REPEAT_PREFIX})
)`;

/**
 * The distinct coins of `transactions t`, in bytewise order, separated by spaces (a bank row's one
 * currency), as the day counts key them (`coins`): a row counted once a day under the set of its
 * coins, so a day's counts without a coin add up to its rows, and with one (`hasCoin`) to its rows
 * in that coin. One coin is taken as it is (no set to make: half the time of a rebuild at 10M).
 */
export const ROW_COIN_SET = Prisma.sql`CASE WHEN cardinality(t.coins) = 1 THEN t.coins[1]
  ELSE array_to_string(ARRAY(SELECT DISTINCT x COLLATE "C" FROM unnest(t.coins) AS x ORDER BY 1), ' ') END`;

/** Whether the day counts' row `alias` counts rows in `coin` (one of its `coins`, ROW_COIN_SET). */
export const hasCoin = (alias: string, coin: string): Prisma.Sql =>
  Prisma.sql`${coin} = ANY(string_to_array(${Prisma.raw(alias)}.coins, ' '))`;
