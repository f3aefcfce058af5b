import { Prisma } from '../../db/generated/prisma/client.js';

// The words of a transaction's names, as the search groups and the word counts read them.

/**
 * A transaction's name-like fields one per line, as `search_groups.text` holds them (migration
 * `search_groups`): what a search's pattern reads for them. `array_to_string` skips a NULL.
 */
export const GROUP_TEXT = Prisma.sql`array_to_string(ARRAY[t.originator_name, t.beneficiary_name] || t.addenda, E'\\n')`;

/**
 * The distinct words of the name-like fields of `transactions t`, as `word`: the runs of letters
 * and digits of their lower-cased text, split as the search's pattern (`search_pattern`) reads
 * them, so a one-word query matches a row's names exactly when it starts one of these words.
 */
export const ROW_WORDS = Prisma.sql`(
  SELECT DISTINCT x AS word FROM regexp_split_to_table(lower(${GROUP_TEXT}), '[^[:alnum:]]+') AS x WHERE x <> ''
)`;
