import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { ALL_TIME } from './all-time.js';
import { matchesByName, matchesRareFields, matchingAccounts, matchingGroups } from './search-conditions.js';
import { type CountedSearch, coinAndDates, namedStatusType, statusType } from './search-filter-sql.js';
import { GROUP_STATUSES, groupStatusColumn } from './search-group-statuses.js';
import { probeCtes } from './search-probes.js';
import { DENSE_WALK_ROWS, scatteredBudget } from './search-word-costs.js';
import type { TransactionFilter } from './transaction-filter.js';
import { selectTransactionRows, type TransactionDto, toTransactionDto } from './transaction-row.js';

/** Whether `countedSearchPage` answers `f`: a search, perhaps with a status, a type and a coin, no account or dates. */
export function isCountedSearch(f: TransactionFilter): f is CountedSearch {
  return !!f.search && !f.accountId && !f.range.start && !f.range.end;
}

/**
 * Whether walking the filter's newest rows finds the first `first` of `matches` (of `rows`) at a
 * cost worth paying: within `walkRows` rows, or within as many rows as reading each matching key's
 * and account's newest rows would (`probes` of them, at most `first` rows each, at most the
 * matches in all), both about 1 us a row at 10M (scaled by `walkRows` against DENSE_WALK_ROWS, so
 * a test's small budget still forces the other side). Deep pages of common words: "pay" page 50
 * (1.3M matches, 405,000 groups) read per key took 7.8 s, walked 96 ms; "soylent" page 50 (15,310
 * groups) 765 -> 170 ms. Numeric: the products pass 64 bits at 10M rows.
 */
export function walkPays(matches: Prisma.Sql, rows: Prisma.Sql, probes: Prisma.Sql, first: number, walkRows: number): Prisma.Sql {
  return Prisma.sql`(${matches} * ${walkRows} >= ${first} * ${rows}
    OR ${first}::numeric * ${rows} * ${DENSE_WALK_ROWS} <= least(${matches}, ${probes} * ${first})::numeric * ${matches} * ${walkRows})`;
}

/**
 * How many rows of the accounts `accounts` (a query of distinct `id`s) that `which` keeps (a
 * condition on `transactions t`: dates as a range, the coin as `t.coin`) match by name, from the
 * matching groups' keys (`g`, with `shared`): an index-only count of each account's rows with names
 * (`transactions_account_named_idx`: time, then key, status and coin), a row counted when its key is
 * a matching group's not shared with another value (its names are then that group's); the rows
 * of a shared key are read for their names. Each account's entries checked against the keys
 * through a hash (`IS TRUE` keeps the planner from probing the index once per key and account:
 * 2,158,710 probes and 23 s for "soylent" at 10M). A scan whose keys are none is skipped.
 */
export function namedOfAccounts(ctx: Ctx, f: CountedSearch, accounts: Prisma.Sql, which: Prisma.Sql): Prisma.Sql {
  const rows = Prisma.sql`t.workspace_id = ${ctx.workspaceId}::uuid AND t.search_key IS NOT NULL AND ${namedStatusType(f, 't')} AND ${which}`;
  return Prisma.sql`((SELECT count(*) FROM (${accounts}) a CROSS JOIN LATERAL (
        SELECT 1 FROM transactions t
        WHERE ${rows} AND t.account_id = a.id AND (t.search_key IN (SELECT key FROM g WHERE NOT shared)) IS TRUE
      ) x
      WHERE EXISTS (SELECT 1 FROM g WHERE NOT shared))
    + (SELECT count(*) FROM transactions t
      WHERE ${rows} AND t.account_id IN (${accounts}) AND t.search_key IN (SELECT key FROM g WHERE shared)
        AND ${matchesByName(f.search)} AND EXISTS (SELECT 1 FROM g WHERE shared)))`;
}

/**
 * The CTEs `accts(id)`, the accounts whose email matches the search, and `rare(id, created_at)`,
 * the rows that match by their other fields only (see `countedCtes`).
 */
export function accountsAndRare(ctx: Ctx, f: CountedSearch): Prisma.Sql {
  const ws = Prisma.sql`${ctx.workspaceId}::uuid`;
  return Prisma.sql`accts AS MATERIALIZED (
      ${matchingAccounts(ctx.workspaceId, f.search)}
    ),
    rare AS MATERIALIZED (
      SELECT t.id, t.created_at FROM transactions t
      WHERE t.workspace_id = ${ws} AND ${statusType(f, 't', true)} AND ${matchesRareFields(ctx.workspaceId, f.search)}
        AND t.account_id <> ALL (ARRAY(SELECT id FROM accts)) AND ${coinAndDates(f, 't', true)}
    )`;
}

/**
 * The CTEs `g(key, shared, n, of_status, coin, [n_<status>...])`, the search groups the search
 * matches, of the filter's coin if any, holding a row of its status if any (the columns a count
 * reads, `of_status` the filter's status's count, or without a status each status's; not their
 * text). A key is in `g` once per matching group: a key two values share when both match (and
 * hold the status), one value in two coins; `shared` is kept on every group of a key two values
 * share, whichever match. A walk checks each row's key against them as a
 * hashed list. (A CTE of their distinct keys cost about 20 ms of a first page of "soylent foods",
 * 15,310 keys, at 10M: 90 -> 64 ms p50 without it.)
 */
export function matchingGroupsCte(ctx: Ctx, f: CountedSearch): Prisma.Sql {
  const byStatus = f.status
    ? Prisma.empty
    : Prisma.sql`, ${Prisma.join(
        GROUP_STATUSES.map((st) => groupStatusColumn('g', st)),
        ', ',
      )}`;
  const columns = Prisma.sql`g.key, g.shared, g.n, ${f.status ? groupStatusColumn('g', f.status) : Prisma.sql`0`} AS of_status, g.coin${byStatus}`;
  // With a status, only the groups holding a row of it (checked before their names).
  const held = f.status ? Prisma.sql`${groupStatusColumn('g', f.status)} > 0` : Prisma.sql`TRUE`;
  return Prisma.sql`g AS MATERIALIZED (${matchingGroups(ctx.workspaceId, f.search, columns, f.coin, held)})`;
}

/**
 * The CTEs of a counted search, ending in `total(n)`. A match is a row whose names match (its
 * search key is a matching group's: `keys`, `shared` when another group has the key, kept on the
 * groups, whose rows are checked by their names), or whose account's email matches (`accts`), or
 * that matches by its other fields (`rare`: neither of those). The total is exact without reading
 * the matches: the matching groups' own counts (`namedInGroups`) + the accounts' counts
 * (`account_transaction_counts`) - the rows in both (`namedOfAccounts`) + the rare rows.
 */
function countedCtes(ctx: Ctx, f: CountedSearch): Prisma.Sql {
  const ws = Prisma.sql`${ctx.workspaceId}::uuid`;
  return Prisma.sql`${matchingGroupsCte(ctx, f)},
    ${accountsAndRare(ctx, f)},
    named AS (SELECT ${namedInGroups(f)} AS n),
    by_account AS (
      SELECT coalesce(sum(c.n), 0) AS n FROM account_transaction_counts c
      WHERE c.workspace_id = ${ws} AND c.coin = ${f.coin ?? ''} AND ${statusType(f, 'c')} AND c.account_id IN (SELECT id FROM accts)
    ),
    both_named AS (SELECT ${namedOfAccounts(ctx, f, Prisma.sql`SELECT id FROM accts`, f.coin ? Prisma.sql`t.coin = ${f.coin}` : Prisma.sql`TRUE`)} AS n),
    total AS (
      SELECT ((SELECT n FROM named) + (SELECT n FROM by_account) - (SELECT n FROM both_named) + (SELECT count(*) FROM rare))::bigint AS n
    )`;
}

/**
 * How many rows match by name, from the matching groups `g`: the sum of their counts (`n`), or
 * with a status that status's (`n_<status>`), each exact for its key and text, so also for a key
 * two values share: no probe per group (at 10M, 15,310 for "soylent foods", 0.12 s). A row with
 * names is a bank row (`namedStatusType`): none of another type.
 */
function namedInGroups(f: CountedSearch): Prisma.Sql {
  if (f.transactionType && f.transactionType !== 'bank') return Prisma.sql`0`;
  return Prisma.sql`(SELECT coalesce(sum(${f.status ? Prisma.sql`g.of_status` : Prisma.sql`g.n`}), 0) FROM g)`;
}

/**
 * The CTEs of a counted search's page, after `countedCtes`, ending in `page(id, created_at)`.
 * `dense`: the matches by name or account are a large enough share of the rows the filter leaves
 * (all-time counts; with a coin, of every coin: the walk reads them all, checking the coin) that
 * walking those rows newest first finds the page within DENSE_WALK_ROWS, or reads no more rows
 * than the other side would (`walkPays`);
 * each branch below runs only on its side of it (a one-time filter). Dense: one walk, each row's
 * key and account checked against the matching ones (hashed), plus the rare rows. Otherwise: each
 * matching key's and account's newest `skip + take` rows (indexes), plus the rare rows.
 */
function pageCtes(ctx: Ctx, f: CountedSearch, skip: number, take: number, walkRows: number): Prisma.Sql {
  const ws = Prisma.sql`${ctx.workspaceId}::uuid`;
  const first = skip + take;
  const byName = matchesByName(f.search);
  // The coin checked on each row read (a walk reads every coin's rows: its share is of them all).
  const coin = coinAndDates(f, 't', true);
  // The groups' keys straight from `g` (hashed once each: a key in several coins is there as often).
  const matched = Prisma.sql`(t.search_key IN (SELECT key FROM g WHERE NOT shared)
    OR (t.search_key IN (SELECT key FROM g WHERE shared) AND ${byName}) OR t.account_id IN (SELECT id FROM accts))`;
  return Prisma.sql`rows_of AS (
      SELECT coalesce(sum(c.n), 0) AS n FROM transaction_counts c
      WHERE c.workspace_id = ${ws} AND c.day = ${ALL_TIME}::date AND c.coin = '' AND ${statusType(f, 'c')}
    ),
    plan AS MATERIALIZED (
      SELECT ${walkPays(
        Prisma.sql`((SELECT n FROM named) + (SELECT n FROM by_account))`,
        Prisma.sql`(SELECT n FROM rows_of)`,
        Prisma.sql`((SELECT count(*) FROM g) + (SELECT count(*) FROM accts))`,
        first,
        scatteredBudget(f, walkRows),
      )} AS dense
    ),
    walk AS (
      SELECT t.id, t.created_at FROM transactions t
      WHERE t.workspace_id = ${ws} AND ${statusType(f, 't')} AND (${matched}) IS TRUE AND ${coin} AND (SELECT dense FROM plan)
      ORDER BY t.created_at DESC, t.id DESC LIMIT ${first}
    ),
    ${probeCtes(ctx, f, first, Prisma.sql`NOT (SELECT dense FROM plan)`)},
    page AS (
      SELECT id, created_at FROM (
        SELECT id, created_at FROM walk UNION ALL SELECT id, created_at FROM probe UNION ALL SELECT id, created_at FROM rare
      ) p ORDER BY created_at DESC, id DESC LIMIT ${take} OFFSET ${skip}
    )`;
}

/** The exact number of transactions a counted search matches. */
export async function countedSearchTotal(ctx: Ctx, f: CountedSearch): Promise<number> {
  const rows = await ctx.sql<{ n: bigint | string }>(Prisma.sql`WITH ${countedCtes(ctx, f)} SELECT n FROM total`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * A numbered page of a counted search, newest first, with its exact total (see `countedCtes`,
 * `pageCtes`). `walkRows`: DENSE_WALK_ROWS unless a test chooses a side (0: never a walk).
 */
export async function countedSearchPage(
  ctx: Ctx,
  f: CountedSearch,
  skip: number,
  take: number,
  walkRows = DENSE_WALK_ROWS,
): Promise<{ rows: TransactionDto[]; total: number }> {
  const rows = await selectTransactionRows(
    ctx.sql,
    (columns) => Prisma.sql`
    WITH ${countedCtes(ctx, f)}, ${pageCtes(ctx, f, skip, take, walkRows)}
    SELECT ${columns}
    FROM page JOIN transactions t ON t.workspace_id = ${ctx.workspaceId}::uuid AND t.id = page.id
    ORDER BY page.created_at DESC, page.id DESC`,
    { matched: Prisma.sql`(SELECT n FROM total)` },
  );
  // A page past the end has no row to carry the total: count on its own then.
  const total = rows[0] ? Number(rows[0].matched) : await countedSearchTotal(ctx, f);
  return { rows: rows.map(toTransactionDto), total };
}
