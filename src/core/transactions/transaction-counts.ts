import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { DAY_MS, MAX_INSTANT } from '../validation/date-range.js';
import { ALL_TIME } from './all-time.js';
import { dayCover, onDays } from './day-cover.js';
import { countedSearchTotal, isCountedSearch } from './search-dense.js';
import { isWordSearch, wordSearchTotal } from './search-words.js';
import { type TransactionFilter, transactionWhere } from './transaction-filter.js';
import { bumpLegs, insertLegsOfRollups, type LegFigures } from './transaction-legs.js';

type Tx = Prisma.TransactionClient;

/** The `day` of the all-time count rows (all-time.ts). */
export { ALL_TIME };

/** The count rows one transaction contributes to: its day, type and status, each coin and `""`. */
function keys(coins: readonly string[]): string[] {
  return ['', ...[...coins].sort()];
}

/** What a transaction adds to its rollup row (transaction_rollups) and legs: its currencies and figures. */
export type RollupFigures = Omit<LegFigures, 'transactionType'>;

/** A count change: `delta` (+1 or -1) to the counts of `status`. */
export type CountChange = readonly [status: string, delta: 1 | -1];

/**
 * Applies `changes` (a creation: +1 to its status; a status change: -1 to the old one and +1 to
 * the new one) to the counts of one transaction's (day, type, status), to its all-time counts, to
 * its account's counts and to its rollup row (count and figures, transaction-rollups.ts), in one statement (one round trip instead of two, or four for a status
 * change: cheaper per write, and these rows are shared by every writer of the workspace, so their
 * locks must be held as briefly as possible (docs/benchmarks.md, "Measurements behind code
 * decisions")). Every writer runs this same statement, so the rows are locked in the same order
 * (within each table by coin, then day, then status) and concurrent writers cannot deadlock on them.
 */
export async function bumpCounts(
  tx: Tx,
  t: {
    workspaceId: string;
    accountId: string;
    createdAt: Date;
    transactionType: string;
    coins: readonly string[];
  } & RollupFigures,
  changes: readonly CountChange[],
): Promise<void> {
  const day = t.createdAt.toISOString().slice(0, 10);
  const coins = keys(t.coins);
  const statuses = changes.map(([status]) => status);
  const deltas = changes.map(([, delta]) => delta);
  await tx.$executeRaw`
    WITH ch AS (
      SELECT * FROM unnest(${statuses}::transaction_status[], ${deltas}::int[]) AS ch(status, delta)
    ), ${bumpLegs({ ...t, day })}, rollup AS (
      INSERT INTO transaction_rollups (workspace_id, day, transaction_type, status, coin, fee_currency, quote_currency, n, amount, fee, total)
      SELECT ${t.workspaceId}::uuid, ${day}::date, ${t.transactionType}::transaction_type, ch.status, ${t.coin},
        ${t.feeCurrency ?? ''}, ${t.quoteCurrency ?? ''}, ch.delta,
        ch.delta * ${String(t.amount)}::numeric, ch.delta * ${String(t.fee)}::numeric, ch.delta * ${String(t.total)}::numeric
      FROM ch ORDER BY ch.status
      ON CONFLICT (workspace_id, day, transaction_type, status, coin, fee_currency, quote_currency) DO UPDATE SET
        n = transaction_rollups.n + EXCLUDED.n, amount = transaction_rollups.amount + EXCLUDED.amount,
        fee = transaction_rollups.fee + EXCLUDED.fee, total = transaction_rollups.total + EXCLUDED.total
    ), by_account AS (
      INSERT INTO account_transaction_counts (workspace_id, account_id, coin, transaction_type, status, n)
      SELECT ${t.workspaceId}::uuid, ${t.accountId}::uuid, c, ${t.transactionType}::transaction_type, ch.status, ch.delta
      FROM unnest(${coins}::text[]) AS c CROSS JOIN ch
      ORDER BY c, ch.status
      ON CONFLICT (workspace_id, account_id, coin, transaction_type, status) DO UPDATE SET n = account_transaction_counts.n + EXCLUDED.n
    )
    INSERT INTO transaction_counts (workspace_id, coin, day, transaction_type, status, n)
    SELECT ${t.workspaceId}::uuid, c, d, ${t.transactionType}::transaction_type, ch.status, ch.delta
    FROM unnest(${coins}::text[]) AS c CROSS JOIN unnest(ARRAY[${ALL_TIME}::date, ${day}::date]) AS d CROSS JOIN ch
    ORDER BY c, d, ch.status
    ON CONFLICT (workspace_id, coin, day, transaction_type, status) DO UPDATE SET n = transaction_counts.n + EXCLUDED.n`;
}

/** Runs a statement: a Prisma client or transaction, or a bulk session (the seed's tables aside). */
export interface RawExecutor {
  $executeRaw(query: Prisma.Sql): Promise<unknown>;
}

/** Where a count rebuild reads the rows and writes the counts (quoted identifiers, not values). */
export interface CountTables {
  rows: string;
  counts: string;
  accountCounts: string;
  rollups: string;
  legs: string;
}

const LIVE_TABLES: CountTables = {
  rows: 'transactions',
  counts: 'transaction_counts',
  accountCounts: 'account_transaction_counts',
  rollups: 'transaction_rollups',
  legs: 'transaction_legs',
};

/**
 * Rebuilds a workspace's counts, its accounts' included, from its rows (after bulk loads, or to
 * repair), reading the rows once: both groupings are hashed in one pass over the rows (by coin
 * list, of which there are few), and only the groups are unnested per count key. Two passes, each
 * unnesting every row, took several times longer, and the account pass chose the account index,
 * whose heap reads are random (docs/benchmarks.md, "Measurements behind code decisions"). The
 * account rows are inserted in key order, which is faster than unordered. `tables` are the live
 * ones unless a seed counts the rows it builds aside (load-aside.ts).
 */
export async function rebuildCounts(db: RawExecutor, workspaceId: string, tables: CountTables = LIVE_TABLES): Promise<void> {
  const rows = Prisma.raw(tables.rows);
  const counts = Prisma.raw(tables.counts);
  const accountCounts = Prisma.raw(tables.accountCounts);
  const rollups = Prisma.raw(tables.rollups);
  const legs = Prisma.raw(tables.legs);
  await db.$executeRaw(Prisma.sql`DELETE FROM ${legs} WHERE workspace_id = ${workspaceId}::uuid`);
  await db.$executeRaw(Prisma.sql`DELETE FROM ${accountCounts} WHERE workspace_id = ${workspaceId}::uuid`);
  await db.$executeRaw(Prisma.sql`DELETE FROM ${counts} WHERE workspace_id = ${workspaceId}::uuid`);
  await db.$executeRaw(Prisma.sql`DELETE FROM ${rollups} WHERE workspace_id = ${workspaceId}::uuid`);
  // The day groups also carry the rollups' currency keys and sums, so the rollups come from the
  // same single pass over the rows.
  await db.$executeRaw(Prisma.sql`
    WITH groups AS MATERIALIZED (
      SELECT t.account_id, (t.created_at AT TIME ZONE 'UTC')::date AS day, t.coins, t.transaction_type, t.status,
             t.coin, coalesce(t.fee_currency, '') AS fee_currency, coalesce(t.quote_currency, '') AS quote_currency,
             GROUPING(t.account_id) = 1 AS by_day, count(*) AS n, sum(t.amount) AS amount, sum(t.fee) AS fee, sum(t.total) AS total
      FROM ${rows} t
      WHERE t.workspace_id = ${workspaceId}::uuid
      GROUP BY GROUPING SETS ((t.account_id, t.coins, t.transaction_type, t.status),
                              ((t.created_at AT TIME ZONE 'UTC')::date, t.coins, t.transaction_type, t.status,
                               t.coin, coalesce(t.fee_currency, ''), coalesce(t.quote_currency, '')))
    ), rollup AS (
      INSERT INTO ${rollups} (workspace_id, day, transaction_type, status, coin, fee_currency, quote_currency, n, amount, fee, total)
      SELECT ${workspaceId}::uuid, day, transaction_type, status, coin, fee_currency, quote_currency, sum(n), sum(amount), sum(fee), sum(total)
      FROM groups WHERE by_day
      GROUP BY day, transaction_type, status, coin, fee_currency, quote_currency
    ), per_key AS MATERIALIZED (
      -- Each group once per count key: the empty coin and each of its coins.
      SELECT g.by_day, g.account_id, g.day, c.coin, g.transaction_type, g.status, sum(g.n)::bigint AS n
      FROM groups g CROSS JOIN LATERAL unnest(array_prepend(''::text, g.coins)) AS c(coin)
      GROUP BY 1, 2, 3, 4, 5, 6
    ), by_account AS (
      INSERT INTO ${accountCounts} (workspace_id, account_id, coin, transaction_type, status, n)
      SELECT ${workspaceId}::uuid, account_id, coin, transaction_type, status, n
      FROM per_key WHERE NOT by_day
      ORDER BY account_id, coin, transaction_type, status
    )
    INSERT INTO ${counts} (workspace_id, coin, day, transaction_type, status, n)
    SELECT ${workspaceId}::uuid, coin, day, transaction_type, status, n FROM per_key WHERE by_day`);
  await db.$executeRaw(Prisma.sql`
    INSERT INTO ${counts} (workspace_id, coin, day, transaction_type, status, n)
    SELECT workspace_id, coin, ${ALL_TIME}::date, transaction_type, status, sum(n)
    FROM ${counts} WHERE workspace_id = ${workspaceId}::uuid
    GROUP BY workspace_id, coin, transaction_type, status`);
  // The legs from the rollups just written (a few rows per day), not from the rows again.
  await db.$executeRaw(insertLegsOfRollups(rollups, legs, Prisma.sql`r.workspace_id = ${workspaceId}::uuid`));
}

/** The conditions on a count row's coin (`""` without a coin filter), type and status. */
function countKeys(f: TransactionFilter): Prisma.Sql[] {
  const parts = [Prisma.sql`coin = ${f.coin ?? ''}`];
  if (f.transactionType) parts.push(Prisma.sql`transaction_type = ${f.transactionType}::transaction_type`);
  if (f.status) parts.push(Prisma.sql`status = ${f.status}::transaction_status`);
  return parts;
}

/**
 * For a deep page of a filter the count table covers whole (no account, search or dates): CTEs
 * (for `WITH RECURSIVE`) ending in `edge(day, skipped, n)`, the UTC day holding the first row after
 * `skip` of them (newest first), how many rows newer days hold, and how many that day holds. A page query can then start at
 * that day's end and skip only `skip - skipped` rows instead of every row before it. The days are
 * walked from the newest, one index probe each, only as far as the page, and read in the page's
 * own statement, so the counts and the rows come from one snapshot. Each `max(day)` is a scalar
 * subquery, so it is one backward index probe: written as a grouped subquery, the `IS NOT NULL`
 * filter became a HAVING clause and PostgreSQL read every count row of the workspace to find the
 * newest day (docs/benchmarks.md, "Measurements behind code decisions"). Like the totals, this relies
 * on the count table being exact (it is not while `fas seed` loads a workspace, until its end).
 * Undefined when the count table cannot say.
 */
export function pageEdge(f: TransactionFilter, skip: number): Prisma.Sql | undefined {
  if (f.accountId || f.search || f.range.start || f.range.end) return undefined;
  const parts: Prisma.Sql[] = [Prisma.sql`workspace_id = ${f.workspaceId}::uuid`, ...countKeys(f), Prisma.sql`day > ${ALL_TIME}::date`];
  const where = Prisma.join(parts, ' AND ');
  const dayTotal = (day: Prisma.Sql) =>
    Prisma.sql`(SELECT coalesce(sum(n), 0) FROM transaction_counts WHERE ${where} AND day = ${day})::bigint`;
  return Prisma.sql`walk(day, skipped, n) AS (
      SELECT d.day, 0::bigint, ${dayTotal(Prisma.sql`d.day`)}
      FROM (SELECT (SELECT max(day) FROM transaction_counts WHERE ${where}) AS day) d WHERE d.day IS NOT NULL
      UNION ALL
      SELECT older.day, w.skipped + w.n, ${dayTotal(Prisma.sql`older.day`)}
      FROM walk w CROSS JOIN LATERAL (SELECT max(day) AS day FROM transaction_counts WHERE ${where} AND day < w.day) older
      WHERE w.skipped + w.n <= ${skip}::bigint AND older.day IS NOT NULL
    ), edge AS (
      SELECT day, skipped, n FROM walk WHERE skipped <= ${skip}::bigint AND skipped + n > ${skip}::bigint
    )`;
}

/**
 * The exact number of transactions matching a filter. Filters the count table covers (type,
 * status, coin, dates) are answered from it: whole UTC days by summing counts, the partial days
 * at either end of a date range by counting those rows. An account filter without dates or search
 * is answered from the account's counts; a search alone or with a status or type from the kept counts (search-dense.ts; one word from its word's, also with a coin or over dates, search-words.ts);
 * with dates, and a search with other filters, rows are counted directly, through their own indexes.
 */
export async function countTransactions(ctx: Ctx, f: TransactionFilter): Promise<number> {
  let range = f.range;
  // A range ending with year 9999 has no upper bound in practice; one starting in its last day
  // is counted directly (the day arithmetic below would need year 10000, which SQL refuses).
  const lastDay = MAX_INSTANT - (MAX_INSTANT % DAY_MS);
  if (range.end && range.end.at.getTime() >= MAX_INSTANT) range = { start: range.start };
  if (f.accountId && !f.search && !range.start && !range.end) {
    const parts = [Prisma.sql`workspace_id = ${ctx.workspaceId}::uuid`, Prisma.sql`account_id = ${f.accountId}::uuid`, ...countKeys(f)];
    const rows = await ctx.sql<{ n: bigint | string | null }>(
      Prisma.sql`SELECT sum(n) AS n FROM account_transaction_counts WHERE ${Prisma.join(parts, ' AND ')}`,
    );
    return Number(rows[0]?.n ?? 0);
  }
  const words = isWordSearch(f) ? await wordSearchTotal(ctx, f) : undefined;
  if (words !== undefined) return words;
  if (isCountedSearch(f)) return countedSearchTotal(ctx, f);
  if (f.accountId || f.search || (range.start && range.start.at.getTime() > lastDay)) {
    const rows = await ctx.sql<{ n: bigint | string }>(Prisma.sql`SELECT count(*) AS n FROM transactions t WHERE ${transactionWhere(f)}`);
    return Number(rows[0]?.n ?? 0);
  }
  // Whole days from the day rows (without dates, the all-time rows), the parts of days at the ends from their rows.
  const { days, edges } = dayCover(range);
  const dated = !!range.start || !!range.end;
  const parts: Prisma.Sql[] = [Prisma.sql`workspace_id = ${ctx.workspaceId}::uuid`, ...countKeys(f)];
  parts.push(dated ? Prisma.sql`day > ${ALL_TIME}::date` : Prisma.sql`day = ${ALL_TIME}::date`);
  parts.push(onDays(days, Prisma.sql`day`));
  const queries: Promise<{ n: bigint | string | null }[]>[] = [];
  if (!days.from || !days.to || days.from < days.to) {
    queries.push(ctx.sql(Prisma.sql`SELECT sum(n) AS n FROM transaction_counts WHERE ${Prisma.join(parts, ' AND ')}`));
  }
  for (const { from: a, to: b } of edges) {
    const edge: TransactionFilter = {
      ...f,
      range: { start: { at: new Date(a), inclusive: true }, end: { at: new Date(b), inclusive: false } },
    };
    queries.push(ctx.sql(Prisma.sql`SELECT count(*) AS n FROM transactions t WHERE ${transactionWhere(edge)}`));
  }
  const results = await Promise.all(queries);
  return results.reduce((sum, rows) => sum + Number(rows[0]?.n ?? 0), 0);
}
