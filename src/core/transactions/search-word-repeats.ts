import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { onDays, utcDay } from './day-cover.js';
import { type CountedSearch, statusType } from './search-filter-sql.js';
import { REPEAT_PREFIX } from './search-row-words.js';

// Several counted words starting with a one-word query (search-words.ts): "pay" starts "payment"
// and "payroll". The word counts count a row holding both once under each; the repeated words
// (`search_word_repeats`, ROW_REPEATS) tell how many times too many.

/** Whether the repeats correct the counts of `word`: it has at least REPEAT_PREFIX characters. */
export const repeatsCount = (word: string): boolean => word.length >= REPEAT_PREFIX;

/**
 * How many more times than once the word counts count the rows whose words starting with `word`
 * (up to `upper`) are several: the repeated words in that range whose predecessor in their row
 * (`prev`, in the range too) also starts with it, of the rows the filter's status and type keep
 * and `which` (a condition on `search_word_repeats r`: the same rows as the counts corrected).
 */
export function repeated(ctx: Ctx, f: CountedSearch, word: string, upper: string, which: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT count(*) FROM search_word_repeats r WHERE ${repeatsOf(ctx, f, word, upper, which)})`;
}

/** Which repeated words `repeated` counts, as a condition on `search_word_repeats r` (one each). */
export function repeatsOf(ctx: Ctx, f: CountedSearch, word: string, upper: string, which: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`r.workspace_id = ${ctx.workspaceId}::uuid AND r.word >= ${word} AND r.word < ${upper} AND r.prev >= ${word}
      AND ${statusType(f, 'r')} AND ${which}`;
}

/** The repeats of a coin's rows (the per-coin counts count a row under each of its coins). */
export const ofCoin = (coin: string): Prisma.Sql => Prisma.sql`(r.coins @> ARRAY[${coin}]::text[]) IS TRUE`;

/** The repeats of the rows created within whole days `days` (dayCover's), by their UTC day. */
export const ofDays = (days: { from?: Date; to?: Date }): Prisma.Sql => onDays(days, utcDay(Prisma.sql`r.created_at`));
