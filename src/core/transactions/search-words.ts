import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { ALL_TIME } from './all-time.js';
import { countCover, dayCover, type Edge, onDays } from './day-cover.js';
import { accountRowsInRange, inBoth } from './search-both.js';
import { matchesByName } from './search-conditions.js';
import { accountsAndRare, matchingGroupsCte, walkPays } from './search-dense.js';
import { type CountedSearch, coinAndDates, statusType } from './search-filter-sql.js';
import { probeCtes } from './search-probes.js';
import { hasCoin } from './search-row-words.js';
import { accountDaysPay, coinWalks, DENSE_WALK_ROWS, MAX_COIN_WALK, statusWalkPays } from './search-word-costs.js';
import { wordDayCtes } from './search-word-days.js';
import { ofCoin, ofDays, repeated, repeatsCount } from './search-word-repeats.js';
import type { TransactionFilter } from './transaction-filter.js';
import { selectTransactionRows, type TransactionDto, toTransactionDto } from './transaction-row.js';

/**
 * The one word of a search, when it is one word of ASCII letters and digits (what people type);
 * undefined otherwise. Such a query's pattern (`search_pattern`) is this word at the start of a
 * word: it matches a row's names exactly when one of their words (`search_word_counts`) starts
 * with it. The text arrives lower-cased; an ASCII letter or digit is `[[:alnum:]]` in any locale,
 * and any other ASCII character separates words there as here.
 */
export function oneWord(search: string): string | undefined {
  if (!/^[\x20-\x7e]+$/.test(search)) return undefined;
  const words = search.split(/[^a-z0-9]+/).filter((w) => w !== '');
  return words.length === 1 ? words[0] : undefined;
}

/**
 * A search the word counts may answer: one word (`oneWord`), no account; perhaps a status, a type,
 * a coin and dates (`dayCover`: their whole days from the counts per day, their parts of days from
 * the rows).
 */
export function isWordSearch(f: TransactionFilter): f is CountedSearch {
  return !!f.search && !f.accountId && oneWord(f.search) !== undefined;
}

/**
 * The rows of the parts of days `edges` whose names match (and coin, if any): each edge a range of
 * the time index (at most a day's rows, each checked by its names), 0 without edges.
 */
export function namedOnEdges(ctx: Ctx, f: CountedSearch, edges: Edge[]): Prisma.Sql {
  if (edges.length === 0) return Prisma.sql`0`;
  const coin = coinAndDates({ ...f, range: {} }, 't', true);
  const counts = edges.map(
    (e) => Prisma.sql`(SELECT count(*) FROM transactions t
      WHERE t.workspace_id = ${ctx.workspaceId}::uuid AND t.created_at >= ${new Date(e.from)} AND t.created_at < ${new Date(e.to)}
        AND ${statusType(f, 't', true)} AND ${coin} AND ${matchesByName(f.search)} IS TRUE)`,
  );
  return Prisma.sql`(${Prisma.join(counts, ' + ')})`;
}

/** The first ASCII string after every string starting with `word` (bytewise). */
const upperOf = (word: string): string => word.slice(0, -1) + String.fromCharCode(word.charCodeAt(word.length - 1) + 1);

/**
 * Whether a page that is neither walked nor located by day is read here from each matching key's
 * and account's newest rows (search-probes.ts): without dates (a key's and an account's counts
 * are of all time). Its total then counts the rows in both.
 */
const probed = (f: CountedSearch): boolean => !f.range.start && !f.range.end;

/**
 * Whether a page may be located by the days of its matches (search-word-days.ts): a later page
 * (not the first, not a total) without dates. Its CTEs are left out of other statements (and of
 * the statement reading the keys' rows, which the first found the page needs): each one is
 * planned anew, and at 10M planning them took about 10 ms of a 27 ms first page.
 */
const mayGoByDay = (f: CountedSearch, skip: number, total: boolean): boolean => !total && skip > 0 && probed(f);

/**
 * The CTEs of a one-word search, after `accountsAndRare`, ending in `plan(exact, walked, dense, by_day,
 * known, with_accounts)`, from the word counts whose word starts with `word` (a range of their key: bytewise,
 * `word` is ASCII): per coin (`search_word_coin_counts`; a few rows a word), with dates per
 * day (and set of coins, `hasCoin`) over their whole days (`search_word_day_counts`) plus the
 * named rows of their parts of days (`namedOnEdges`; a part longer than half its day as the whole
 * day less the rest of it, `countCover`; the matching accounts' rows then read in the range,
 * `accountRowsInRange`).
 * A row holding several words that start with `word` is counted once under each: the repeats
 * (search-word-repeats.ts) count the extra times, subtracted. `exact`: `word` has at least
 * REPEAT_PREFIX characters, or no second counted word starts with it (else left to the groups).
 * `known`: the names' count + the matching accounts' count - those words' rows of those accounts
 * (a probe per word and account: by the range, each account's probe read all the word's counts,
 * 400 ms for "soylent" at 10M); the rows matching by their other fields only (`rare`) add to it.
 * The rows in both (`inBoth`; with dates, `acct_rows`) are counted only when needed: when the
 * matching accounts have rows in the filter (`with_accounts`), for a total (`walkRows` 0) or a
 * page this statement answers. `walked`: some match by name or email (else the rare rows are
 * all); `dense`: walking the filter's newest rows finds the page's `skip + take` within `walkRows`
 * rows or no more than the groups' search would read (`walkPays`; all-time counts; with a coin,
 * the walk reads every coin's rows: also while that costs less than the groups' search,
 * `coinWalks` in search-word-costs.ts); `by_day`: a later page located by the days of its matches
 * instead (search-word-days.ts; with those accounts' rows, `accountDaysPay`); neither, and no
 * dates: each matching key's and account's newest rows (search-probes.ts).
 */
function planCtes(
  ctx: Ctx,
  f: CountedSearch,
  word: string,
  page: { skip: number; take: number; walkRows: number; keys: boolean },
): Prisma.Sql {
  const { skip, take, walkRows } = page;
  const first = skip + take;
  const total = walkRows === 0;
  // A later page (not the first, not a total) without dates may be located by the days of its
  // matches (search-word-days.ts), while a page's walk (its rows over the matches' share) stays
  // within MAX_COIN_WALK rows: the walk from its day reads that and about half a day's rows, no
  // better than the first page's walk from the newest rows, and far worse than the groups for a
  // word of a few matches a month.
  const byDay = mayGoByDay(f, skip, total) && !page.keys;
  const ws = Prisma.sql`${ctx.workspaceId}::uuid`;
  const upper = upperOf(word);
  const range = Prisma.sql`c.workspace_id = ${ws} AND c.word >= ${word} AND c.word < ${upper} AND ${statusType(f, 'c')}`;
  const cover = f.range.start || f.range.end ? dayCover(f.range) : undefined;
  const counted = cover ? countCover(cover) : undefined;
  const days = counted?.days;
  // Without dates, the counts per coin: a few rows a word, where those per account are many (a row
  // with names is a bank row of one coin, so their sum over coins is the same: at 10M "pay"'s
  // 103,499 rows per account summed in 14-60 ms, its 25 per coin in 0.3-0.9).
  const counts = days ? Prisma.sql`search_word_day_counts` : Prisma.sql`search_word_coin_counts`;
  const coin = f.coin ? (days ? hasCoin('c', f.coin) : Prisma.sql`c.coin = ${f.coin}`) : Prisma.sql`TRUE`;
  const words = Prisma.sql`${range} AND ${days ? onDays(days, Prisma.sql`c.day`) : Prisma.sql`TRUE`} AND ${coin}`;
  // The rows the counts count more than once, of the same rows as they count.
  const repeats = repeated(
    ctx,
    f,
    word,
    upper,
    Prisma.sql`${f.coin ? ofCoin(f.coin) : Prisma.sql`TRUE`} AND ${days ? ofDays(days) : Prisma.sql`TRUE`}`,
  );
  // The matching accounts' rows in one coin ('': any), from their counts.
  const accountRows = (coin: string) => Prisma.sql`(SELECT coalesce(sum(c.n), 0) FROM account_transaction_counts c
       WHERE c.workspace_id = ${ws} AND c.coin = ${coin} AND ${statusType(f, 'c')} AND c.account_id IN (SELECT id FROM accts))`;
  const byAccount = days ? Prisma.sql`(SELECT n FROM acct_rows)` : accountRows(f.coin ?? '');
  const both = days ? Prisma.sql`(SELECT named FROM acct_rows)` : inBoth(ctx, f, { word, upper });
  // With a coin, the word's matches by name in every coin (its named rows are bank rows, of one
  // coin each) and its accounts' rows in every coin: what a walk reads past (search-word-costs.ts).
  const allNames = f.coin ? Prisma.sql`(SELECT coalesce(sum(c.n), 0) FROM search_word_coin_counts c WHERE ${range})` : Prisma.sql`0`;
  const allAccounts = f.coin ? accountRows('') : Prisma.sql`0`;
  // What the groups' search would probe: the groups holding a counted word that starts with the
  // query (`search_word_groups`, one each for the words a single group holds) and the accounts
  // (a total walks nothing: not read).
  const probes = total
    ? Prisma.sql`0`
    : Prisma.sql`((SELECT coalesce(sum(w.n), 0) FROM search_word_groups w
    WHERE w.workspace_id = ${ws} AND w.word >= ${word} AND w.word < ${upper}) + (SELECT count(*) FROM range_words) + (SELECT count(*) FROM accts))`;
  const rowsOf = cover
    ? Prisma.sql`c.day > ${ALL_TIME}::date AND ${onDays(cover.outer, Prisma.sql`c.day`)}`
    : Prisma.sql`c.day = ${ALL_TIME}::date`;
  // A query shorter than the repeats' prefix starting a second counted word is left to the groups.
  const ambiguous = repeatsCount(word)
    ? Prisma.sql`FALSE`
    : Prisma.sql`EXISTS (SELECT 1 FROM ${counts} c WHERE ${words} AND c.word > (SELECT min(c.word) FROM ${counts} c WHERE ${words} AND c.n > 0) AND c.n > 0)`;
  return Prisma.sql`${matchingGroupsCte(ctx, f)},
    range_words AS MATERIALIZED (
      SELECT DISTINCT c.word FROM search_word_coin_counts c WHERE c.workspace_id = ${ws} AND c.word >= ${word} AND c.word < ${upper} AND c.n > 0
    ),
    ${days ? accountRowsInRange(ctx, f) : Prisma.empty}
    counts AS MATERIALIZED (SELECT
      ${ambiguous} AS ambiguous,
      (SELECT coalesce(sum(c.n), 0) FROM ${counts} c WHERE ${words}) - ${repeats}
        + ${namedOnEdges(ctx, f, counted?.plus ?? [])} - ${namedOnEdges(ctx, f, counted?.minus ?? [])} AS named,
      ${byAccount} AS by_account,
      (SELECT coalesce(sum(c.n), 0) FROM transaction_counts c
       WHERE c.workspace_id = ${ws} AND ${rowsOf} AND c.coin = '' AND ${statusType(f, 'c')}) AS rows,
      ${allNames} AS all_names,
      ${allAccounts} AS all_accounts,
      ${probes} AS probes,
      (SELECT count(*) FROM accts) AS accounts
    ),
    plan AS MATERIALIZED (
      SELECT exact, walked, dense AND NOT by_day AS dense, by_day,
        (named + by_account - CASE WHEN exact AND (${Prisma.raw(String(total))} OR by_account > 0 AND (${Prisma.raw(String(page.keys))} OR dense OR by_day))
          THEN ${both} ELSE 0 END)::bigint AS known, by_account > 0 AS with_accounts
      FROM (
        SELECT NOT ambiguous AS exact, named + by_account > 0 AS walked,
          (${walkPays(Prisma.sql`(named + by_account)`, Prisma.sql`rows`, Prisma.sql`probes`, first, walkRows)}
            OR ${coinWalks(f, first, walkRows)}) AS dense,
          ${
            byDay
              ? Prisma.sql`NOT ambiguous AND named > 0 AND (by_account = 0 OR ${accountDaysPay(first, walkRows)}) AND (named + by_account) * ${walkRows} < ${first} * rows
                AND ${take} * rows <= named * ${MAX_COIN_WALK} AND ${statusWalkPays(f, take)}`
              : Prisma.sql`FALSE`
          } AS by_day,
          named, by_account
        FROM counts
      ) p
    )`;
}

/**
 * The exact total of a one-word search (`oneWord`) from the word counts (`planCtes`), or undefined
 * when they cannot give it.
 */
export async function wordSearchTotal(ctx: Ctx, f: CountedSearch): Promise<number | undefined> {
  const word = oneWord(f.search);
  if (!word || !isWordSearch(f)) return undefined;
  const [row] = await ctx.sql<{ exact: boolean; n: bigint | string }>(Prisma.sql`
    WITH ${accountsAndRare(ctx, f)}, ${planCtes(ctx, f, word, { skip: 0, take: 1, walkRows: 0, keys: false })}
    SELECT exact, known + (SELECT count(*) FROM rare) AS n FROM plan`);
  return row?.exact ? Number(row.n) : undefined;
}

/**
 * How a page was found: a walk of the filter's newest rows, a walk from the day of its first row,
 * each matching key's and account's newest rows, the rare rows alone (no match by name or email),
 * or none read: a page past the last match, known from the counts (`end`).
 */
export type WordPagePath = 'walk' | 'days' | 'keys' | 'rare' | 'end';

/**
 * A numbered page of a one-word search (`isWordSearch`: perhaps a status, a type, a coin), with its
 * exact total, in one statement (one snapshot), when the word counts give the total (`planCtes`).
 * When the matches are dense the page is a walk of the filter's newest rows (each checked by
 * its names and account: about `(skip + take) * rows / matches` of them, at most `walkRows` or
 * what `walkPays` allows; none without matches by name or email) plus the rare rows; or, a later
 * page of sparse matches by name (`by_day`), a walk from the day holding its first row
 * (search-word-days.ts); or, without dates, from each matching key's and account's newest rows
 * (search-probes.ts). Undefined when the counts cannot give the total (search-dense.ts answers
 * then), or with dates when neither walk pays.
 */
export async function wordSearchPage(
  ctx: Ctx,
  f: CountedSearch,
  skip: number,
  take: number,
  walkRows = DENSE_WALK_ROWS,
): Promise<{ rows: TransactionDto[]; total: number; path: WordPagePath } | undefined> {
  const word = oneWord(f.search);
  if (!word || !isWordSearch(f)) return undefined;
  // The keys' CTEs (search-probes.ts) only in a second statement, for a page the first found
  // neither walked nor located by day: each statement is planned anew, and planning them cost
  // about 10 ms of every page at 10M (a dense first page 28 -> 37 ms).
  const first = await wordPageStatement(ctx, f, word, { skip, take, walkRows, keys: false });
  const page =
    first?.path === 'keys' && !first.answered && probed(f)
      ? await wordPageStatement(ctx, f, word, { skip, take, walkRows, keys: true })
      : first;
  return page?.answered ? { rows: page.rows, total: page.total, path: page.path } : undefined;
}

/** `wordSearchPage`'s statement, with the keys' CTEs or not (`keys`), and its plan's verdict. */
async function wordPageStatement(
  ctx: Ctx,
  f: CountedSearch,
  word: string,
  o: { skip: number; take: number; walkRows: number; keys: boolean },
): Promise<{ rows: TransactionDto[]; total: number; path: WordPagePath; answered: boolean } | undefined> {
  const { skip, take, walkRows } = o;
  const ws = Prisma.sql`${ctx.workspaceId}::uuid`;
  // A walked row's account first (a hash), then its names, unless no row in the filter matches by
  // name (the counts' one-time check): at 10M "treasury" (emails only) page 50 walked 89,000 rows,
  // each with names read for nothing.
  const matched = Prisma.sql`(t.account_id IN (SELECT id FROM accts) OR ((SELECT named > 0 FROM counts) AND ${matchesByName(f.search)})) IS TRUE
    AND ${coinAndDates(f, 't')}`;
  const ctes = Prisma.sql`${accountsAndRare(ctx, f)}, ${planCtes(ctx, f, word, o)},
    walk AS (
      SELECT t.id, t.created_at FROM transactions t
      WHERE t.workspace_id = ${ws} AND ${statusType(f, 't')} AND ${matched}
        AND (SELECT exact AND walked AND dense FROM plan)
      ORDER BY t.created_at DESC, t.id DESC LIMIT ${skip + take}
    ),
    ${
      mayGoByDay(f, skip, walkRows === 0) && !o.keys
        ? wordDayCtes(ctx, f, { word, upper: upperOf(word) }, { skip, take, matched })
        : Prisma.sql`word_edge AS (SELECT 0::numeric AS skipped, NULL::timestamptz AS day_end WHERE FALSE),
    by_day AS (SELECT NULL::uuid AS id, NULL::timestamptz AS created_at WHERE FALSE)`
    },
    ${
      o.keys
        ? probeCtes(ctx, f, skip + take, Prisma.sql`(SELECT exact AND walked AND NOT dense AND NOT by_day FROM plan)`)
        : Prisma.sql`probe AS (SELECT NULL::uuid AS id, NULL::timestamptz AS created_at WHERE FALSE)`
    },
    page AS (
      SELECT id, created_at FROM (
        SELECT id, created_at FROM walk UNION ALL SELECT id, created_at FROM by_day UNION ALL SELECT id, created_at FROM probe
        UNION ALL SELECT id, created_at FROM rare WHERE NOT (SELECT by_day FROM plan) OR created_at < (SELECT day_end FROM word_edge)
      ) p
      ORDER BY created_at DESC, id DESC LIMIT ${take}
      OFFSET (CASE WHEN (SELECT by_day FROM plan) THEN (SELECT coalesce(max(${skip} - skipped), 0) FROM word_edge) ELSE ${skip} END)
    )`;
  // The plan's row comes back even when the page has none (past the end, or not answered here).
  // A page past the last match needs no keys' rows: known from the counts when they are exact
  // without the rows in both (no matching account has rows in the filter), which the first
  // statement leaves out for the keys (on PGlite the second statement cost 20-65 ms of such a page).
  const past = o.keys ? Prisma.sql`FALSE` : Prisma.sql`(NOT plan.with_accounts AND plan.known + (SELECT count(*) FROM rare) <= ${skip})`;
  const rows = await selectTransactionRows(
    ctx.sql,
    (columns) => Prisma.sql`
    WITH ${ctes}
    SELECT ${columns}
    FROM plan LEFT JOIN (page JOIN transactions t ON t.workspace_id = ${ws} AND t.id = page.id) ON TRUE
    ORDER BY page.created_at DESC, page.id DESC`,
    {
      answered: Prisma.sql`plan.exact AND (plan.dense OR NOT plan.walked OR plan.by_day OR ${Prisma.raw(String(o.keys))} OR ${past})`,
      matched: Prisma.sql`plan.known + (SELECT count(*) FROM rare)`,
      path: Prisma.sql`CASE WHEN NOT plan.exact THEN 'none' WHEN NOT plan.walked THEN 'rare' WHEN plan.dense THEN 'walk' WHEN plan.by_day THEN 'days'
        WHEN ${past} THEN 'end' ELSE 'keys' END`,
    },
  );
  const head = rows[0];
  if (!head) return undefined;
  const found = rows.filter((r) => r.id !== null);
  return { rows: found.map(toTransactionDto), total: Number(head.matched), path: head.path as WordPagePath, answered: !!head.answered };
}
