import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { type CountedSearch, statusType } from './search-filter-sql.js';
import { hasCoin } from './search-row-words.js';
import { ofCoin, repeatsOf } from './search-word-repeats.js';

/**
 * A page of a one-word search whose matches are sparse (a walk from the newest rows would read
 * more than the dense walk's rows for it) and all by name or by the rare fields (no row of an
 * account whose email matches, in the filter: none is counted per day), without dates: located
 * through its matches per UTC day, as a deep page of a plain filter is (list-transactions.ts):
 * the word's counts per day (`search_word_day_counts`, with the coin among the day's set of
 * coins) less its repeats of that day, plus the rare rows of that day, newest day first, give the
 * day holding the page's first row (`word_edge(day, skipped, named_left)`); the page is then walked
 * from that day's end (`by_day(id, created_at)`), skipping only the page's rows of that day before
 * it, and stopping at the last row matching by name (`named_left`, that day's and older days': a
 * last page, or one whose older matches are rare rows, would otherwise read every older row). At
 * 10M "intermediary" in EUR (30,239 of 10M rows: 0.3%) page 20 was walked from the newest rows,
 * 660,000 rows (338 ms); from its day, a day's rows at most.
 * The CTEs run only when `plan.by_day` (search-words.ts) says so: each scan is gated by it.
 */
export function wordDayCtes(
  ctx: Ctx,
  f: CountedSearch,
  range: { word: string; upper: string },
  page: { skip: number; take: number; matched: Prisma.Sql },
): Prisma.Sql {
  const ws = Prisma.sql`${ctx.workspaceId}::uuid`;
  const on = Prisma.sql`(SELECT by_day FROM plan)`;
  const coin = f.coin ? hasCoin('c', f.coin) : Prisma.sql`TRUE`;
  const repeats = repeatsOf(ctx, f, range.word, range.upper, f.coin ? ofCoin(f.coin) : Prisma.sql`TRUE`);
  const utcDay = (at: Prisma.Sql) => Prisma.sql`(${at} AT TIME ZONE 'UTC')::date`;
  return Prisma.sql`word_days AS MATERIALIZED (
      SELECT d.day, sum(d.n) AS n, sum(d.named) AS named FROM (
        SELECT c.day, c.n, c.n AS named FROM search_word_day_counts c
        WHERE c.workspace_id = ${ws} AND c.word >= ${range.word} AND c.word < ${range.upper} AND ${statusType(f, 'c')} AND ${coin} AND ${on}
        UNION ALL
        SELECT ${utcDay(Prisma.sql`r.created_at`)}, -1, -1 FROM search_word_repeats r WHERE ${repeats} AND ${on}
        UNION ALL
        SELECT ${utcDay(Prisma.sql`rare.created_at`)}, 1, 0 FROM rare WHERE ${on}
      ) d
      GROUP BY d.day
    ),
    word_edge AS MATERIALIZED (
      SELECT day, skipped, named_left, (day + 1)::timestamp AT TIME ZONE 'UTC' AS day_end FROM (
        SELECT day, n, coalesce(sum(n) OVER (ORDER BY day DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS skipped,
          sum(named) OVER (ORDER BY day ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS named_left
        FROM word_days
      ) x
      WHERE skipped <= ${page.skip} AND skipped + n > ${page.skip}
    ),
    by_day AS (
      SELECT t.id, t.created_at FROM transactions t
      WHERE t.workspace_id = ${ws} AND ${statusType(f, 't')} AND ${page.matched} AND t.created_at < (SELECT day_end FROM word_edge)
      ORDER BY t.created_at DESC, t.id DESC
      LIMIT (SELECT coalesce(max(least(${page.skip} - skipped + ${page.take}, named_left)), 0) FROM word_edge)
    )`;
}
