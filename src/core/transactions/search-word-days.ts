import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { utcDay } from './day-cover.js';
import { namedByOwnKeysPerDay } from './search-both.js';
import { type CountedSearch, coinAndDates, statusType } from './search-filter-sql.js';
import { hasCoin } from './search-row-words.js';
import { ofCoin, repeatsOf } from './search-word-repeats.js';

/**
 * A later page of a one-word search whose walk from the newest rows would read more than the
 * dense walk's rows for it, without dates: located through its matches per UTC day, as a deep page
 * of a plain filter is (list-transactions.ts): the word's counts per day (`search_word_day_counts`,
 * with the coin among the day's set of coins) less its repeats of that day, plus the rare rows of
 * that day, newest day first, give the day holding the page's first row (`word_edge(day, skipped,
 * named_left)`); the page is then walked from that day's end (`by_day(id, created_at)`), skipping
 * only the page's rows of that day before it, and stopping at the last row matching by name
 * (`named_left`, that day's and older days': a last page, or one whose older matches are rare
 * rows, would otherwise read every older row). At 10M "intermediary" in EUR (30,239 of 10M rows:
 * 0.3%) page 20 was walked from the newest rows, 660,000 rows (338 ms); from its day, a day's rows
 * at most.
 * With rows of the accounts whose email matches in the filter (`plan.with_accounts`; they are not
 * counted per day): the day by which the other matches alone fill the page is found first
 * (`word_low`: at least as many matches are on and after it, as those accounts add and never take
 * away), then those accounts' rows since it that do not match by name are added per day
 * (`acct_days`: their rows less those matching by name, from their own keys,
 * `namedByOwnKeysPerDay`); the page lies within those days, so its walk stops there. At 10M
 * "soylent" page 50 (141 accounts) walked 163,000 rows from the newest (166 ms): 36 ms.
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
  const withAccounts = Prisma.sql`(SELECT by_day AND with_accounts FROM plan)`;
  const coin = f.coin ? hasCoin('c', f.coin) : Prisma.sql`TRUE`;
  const repeats = repeatsOf(ctx, f, range.word, range.upper, f.coin ? ofCoin(f.coin) : Prisma.sql`TRUE`);
  const since = Prisma.sql`t.created_at >= (SELECT day FROM word_low)::timestamp AT TIME ZONE 'UTC'`;
  const accounts = Prisma.sql`SELECT id FROM accts`;
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
    word_low AS MATERIALIZED (
      SELECT day FROM (SELECT day, sum(n) OVER (ORDER BY day DESC) AS upto FROM word_days) x
      WHERE upto >= ${page.skip + page.take} AND ${withAccounts}
      ORDER BY day DESC LIMIT 1
    ),
    acct_days AS MATERIALIZED (
      SELECT d.day, sum(d.n) AS n FROM (
        SELECT ${utcDay(Prisma.sql`t.created_at`)} AS day, count(*) AS n FROM transactions t
        WHERE t.workspace_id = ${ws} AND t.account_id IN (${accounts}) AND ${statusType(f, 't')} AND ${coinAndDates(f, 't')} AND ${since}
          AND ${withAccounts}
        GROUP BY 1
        UNION ALL
        SELECT x.day, -x.n FROM (${namedByOwnKeysPerDay(ctx, f, accounts, Prisma.sql`${since} AND ${f.coin ? Prisma.sql`t.coin = ${f.coin}` : Prisma.sql`TRUE`} AND ${withAccounts}`)}) x
      ) d
      GROUP BY d.day
    ),
    all_days AS MATERIALIZED (
      SELECT day, sum(n) AS n, sum(named) AS named FROM (
        SELECT day, n, named FROM word_days UNION ALL SELECT day, n, 0 FROM acct_days
      ) d
      GROUP BY day
    ),
    word_edge AS MATERIALIZED (
      SELECT day, skipped, named_left, (day + 1)::timestamp AT TIME ZONE 'UTC' AS day_end FROM (
        SELECT day, n, coalesce(sum(n) OVER (ORDER BY day DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS skipped,
          sum(named) OVER (ORDER BY day ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS named_left
        FROM all_days
      ) x
      WHERE skipped <= ${page.skip} AND skipped + n > ${page.skip}
    ),
    by_day AS (
      SELECT t.id, t.created_at FROM transactions t
      WHERE t.workspace_id = ${ws} AND ${statusType(f, 't')} AND ${page.matched} AND t.created_at < (SELECT day_end FROM word_edge)
      ORDER BY t.created_at DESC, t.id DESC
      LIMIT (SELECT coalesce(max(CASE WHEN ${withAccounts} THEN ${page.skip} - skipped + ${page.take}
        ELSE least(${page.skip} - skipped + ${page.take}, named_left) END), 0) FROM word_edge)
    )`;
}
