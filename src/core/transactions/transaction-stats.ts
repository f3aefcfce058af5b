import { Prisma } from '../../db/generated/prisma/client.js';
import { asScan } from '../../db/request-signal.js';
import type { Ctx } from '../context.js';
import { fieldError, validationError } from '../errors.js';
import { listReads } from '../read-routing.js';
import { validateQuery } from '../validation/validators.js';
import { legStatsQuery, legWhere, parseLines } from './leg-stats.js';
import { answerDoc, docQuery, type PartialRow, planChunks, runChunked } from './stats-chunks.js';
import type { StatsRow } from './stats-row.js';
import { resolveTransactionFilter, transactionWhere } from './transaction-filter.js';
import { countSource, rollupSource, rowSource, type StatsSource } from './transaction-rollups.js';

export const STATS_GROUPS = ['COIN', 'TYPE', 'STATUS', 'DAY', 'MONTH'] as const;
export type StatsGroup = (typeof STATS_GROUPS)[number];
export type { StatsRow };

/**
 * A group's figures as legs, each in one currency: bank and crypto have one leg (amount, fee and
 * total in their coin); trades have their quantity in the base currency (where they are counted),
 * their fee in the fee currency and their total in the quote currency. Split after a first
 * aggregation by (groups, type, currencies), so the split reads a few hundred rows, not every one.
 */
const LEGS = Prisma.sql`CROSS JOIN LATERAL (VALUES
    (g.coin, g.n, g.amount, CASE WHEN g.trade THEN 0 ELSE g.fee END, CASE WHEN g.trade THEN 0 ELSE g.total END),
    (CASE WHEN g.trade THEN g.fee_currency END, 0, 0, g.fee, 0),
    (CASE WHEN g.trade THEN g.quote_currency END, 0, 0, 0, g.total)
  ) AS leg(currency, n, amount, fee, total)`;

/** Which source answers: the rollups when they can (`auto`), or the rows whatever the request (benchmarks, tests). */
export type StatsFrom = 'auto' | 'rows';

/**
 * A slice of the rollups covers this many times `scanChunkRows` transactions: a rollup row holds
 * about 7 of the seed's (100,000 transactions in 14,306 rows; docs/benchmarks.md, "Stall").
 */
const ROLLUP_SLICE = 4;

const COLUMN: Record<StatsGroup, string> = { COIN: 'coin', TYPE: 'transactionType', STATUS: 'status', DAY: 'day', MONTH: 'month' };

/**
 * Counts, and exact decimal sums of amount, fee and total, per group, over the same filter as the
 * list. Two currencies are never added: the sums are given only when grouped by COIN, which groups
 * each figure under the currency it is in (see LEGS), so a trade's quantity counts under its base
 * currency and its fee and total under its quote currency. `count` counts a transaction once,
 * under its primary coin (a trade's base currency). Whole UTC days without an account or search
 * are read from the day counts (without COIN) or the rollups (with COIN; transaction-rollups.ts),
 * which give the same answer; anything else from the rows.
 */
export async function transactionStats(
  caller: Ctx,
  input: { filter?: unknown; groupBy: readonly string[] },
  opts: { from?: StatsFrom; chunkRows?: number } = {},
): Promise<StatsRow[]> {
  const ctx = listReads(caller);
  const asked: unknown = input?.groupBy;
  if (!Array.isArray(asked) || asked.some((g) => !(STATS_GROUPS as readonly unknown[]).includes(g))) {
    throw validationError([
      fieldError('groupBy', 'not_allowed', `must be a list of ${STATS_GROUPS.join(', ')}`, { allowed: [...STATS_GROUPS] }),
    ]);
  }
  const groups = [...new Set(asked as StatsGroup[])];
  const filter = resolveTransactionFilter(ctx, validateQuery('listTransactions', input.filter ?? {}));
  const byCurrency = groups.includes('COIN');
  // Counts alone come from the day counts, figures by currency from the rollups.
  const counts = opts.from !== 'rows' && !byCurrency ? countSource(filter, groups.includes('DAY') || groups.includes('MONTH')) : undefined;
  const legs = opts.from !== 'rows' && byCurrency ? legWhere(filter) : undefined;
  const rollups = opts.from !== 'rows' && byCurrency && !legs ? rollupSource(filter) : undefined;
  const query = (src: StatsSource) => statsQuery(src, groups);
  const chunkRows = opts.chunkRows ?? ctx.scanChunkRows ?? 0;
  const keys = (byCurrency ? groups : groups.filter((g) => g !== 'COIN')).map((g) => COLUMN[g]);
  const and = (src: StatsSource, slice: Prisma.Sql): StatsSource => ({ ...src, where: Prisma.sql`${src.where} AND ${slice}` });
  // Tens of thousands of groups per answer: each mapped in the turn its document is parsed in (answerDoc).
  const row = (group: PartialRow): StatsRow => {
    const r = group as Partial<Omit<StatsRow, 'count'>> & { count: number | string };
    return {
      coin: r.coin ?? null,
      transactionType: r.transactionType ?? null,
      status: r.status ?? null,
      day: r.day ?? null,
      month: r.month ?? null,
      count: Number(r.count),
      amount: byCurrency ? (r.amount ?? '0') : null,
      fee: byCurrency ? (r.fee ?? '0') : null,
      total: byCurrency ? (r.total ?? '0') : null,
    };
  };
  // At most a row per day, type and status: one short statement.
  if (counts) return answerDoc(ctx, query(counts), row);
  if (legs) {
    // No more leg rows read than the rollups hold: one statement, no slices.
    const { query: q, final } = legStatsQuery(legs, groups);
    if (!final) return answerDoc(ctx, q, row);
    // The legs are the answer, read in the primary key's order rather than sorted: PGlite
    // sorted them for longer than it read them (`npm run bench:rollups -- --pglite`). Keys asked
    // in another order are still sorted (enable_sort off only makes a sort the last resort).
    const [, joined] = await ctx.db.$transaction([
      ctx.db.$executeRawUnsafe('SET LOCAL enable_sort = off'),
      ctx.db.$queryRaw<{ doc: string | null }[]>(q),
    ]);
    return parseLines(joined[0]?.doc, groups.includes('MONTH'));
  }
  if (rollups) {
    // Grouped by day, the answer has about a group per rollup row: slices of whole days, each
    // ROLLUP_SLICE times larger (a rollup row holds several transactions). Coarser groupings are short.
    const chunks =
      chunkRows > 0 && groups.includes('DAY') ? await planChunks(ctx, filter, chunkRows * ROLLUP_SLICE, { wholeDays: true }) : [];
    return chunks.length <= 1
      ? asScan(() => answerDoc(ctx, query(rollups), row))
      : runChunked(ctx, chunks, (slice) => query(and(rollups, slice)), { keys, sums: byCurrency, on: 'days' }, row);
  }
  // A long scan in slices of time, each a statement of its own, added up exactly (stats-chunks.ts).
  const src = rowSource(transactionWhere(filter));
  const chunks = chunkRows > 0 ? await planChunks(ctx, filter, chunkRows) : [];
  // Unsliced (PostgreSQL), the whole scan is one statement of the scan class: a workspace runs few at once (fair-share.ts).
  return chunks.length <= 1
    ? asScan(() => answerDoc(ctx, query(src), row))
    : runChunked(ctx, chunks, (slice) => query(and(src, slice)), { keys, sums: byCurrency }, row);
}

/**
 * The one statement answering `groups` from `src`, as JSON documents (arrays of groups: keys in
 * the order asked, then count, and sums by currency), ordered by the keys' text. A few values
 * instead of a row per group: on PGlite each result row costs more than its aggregation
 * (docs/benchmarks.md, "Rollups"); several, so that no one parse holds the HTTP thread (docQuery).
 */
export function statsQuery(src: StatsSource, groups: StatsGroup[]): Prisma.Sql {
  const byCurrency = groups.includes('COIN');
  const keys = groups.filter((g): g is Exclude<StatsGroup, 'COIN'> => g !== 'COIN');
  const as = (g: StatsGroup) => Prisma.raw(`"${COLUMN[g]}"`);
  const doc = (inner: Prisma.Sql) => docQuery(inner, (byCurrency ? groups : keys).map(as));
  if (!byCurrency) {
    const select = keys.map((g) => Prisma.sql`${src.label[g](src.key[g])} AS ${as(g)}`);
    // Grouped, a group with no transaction left (rollups whose rows all changed status) is no group.
    return doc(Prisma.sql`
      SELECT ${keys.length ? Prisma.sql`${Prisma.join(select)},` : Prisma.empty} coalesce(${src.count}, 0)::bigint AS count
      FROM ${src.table} WHERE ${src.where}
      ${keys.length ? Prisma.sql`GROUP BY ${Prisma.join(keys.map((g) => src.key[g]))} HAVING ${src.count} > 0` : Prisma.empty}`);
  }
  const sums = Prisma.sql`sum(leg.n)::bigint AS count, sum(leg.amount)::text AS amount, sum(leg.fee)::text AS fee, sum(leg.total)::text AS total`;
  if (src.grouped && keys.includes('DAY') && keys.includes('STATUS')) {
    // Rows that are groups already (columns n, amount, fee, total), asked by day and status (a
    // first grouping would leave about as many): legs from each, grouped once. 1.5x faster on
    // PGlite for [COIN, STATUS, TYPE, DAY]; coarser groupings are faster grouped first.
    const outer = groups.map((g) => (g === 'COIN' ? Prisma.sql`leg.currency` : src.key[g]));
    const labels = groups.map((g) => (g === 'COIN' ? Prisma.sql`leg.currency` : src.label[g](src.key[g])));
    return doc(Prisma.sql`
      SELECT ${Prisma.join(labels.map((l, i) => Prisma.sql`${l} AS ${as(groups[i] as StatsGroup)}`))}, ${sums}
      FROM ${src.table} CROSS JOIN LATERAL (VALUES
        (t.coin, t.n, t.amount, CASE WHEN t.transaction_type = 'trade' THEN 0 ELSE t.fee END,
          CASE WHEN t.transaction_type = 'trade' THEN 0 ELSE t.total END),
        (CASE WHEN t.transaction_type = 'trade' THEN ${src.feeCurrency} END, 0, 0, t.fee, 0),
        (CASE WHEN t.transaction_type = 'trade' THEN ${src.quoteCurrency} END, 0, 0, 0, t.total)
      ) AS leg(currency, n, amount, fee, total)
      WHERE ${src.where} AND leg.currency IS NOT NULL
      GROUP BY ${Prisma.join(outer)}`);
  }
  const inner = keys.map((g) => Prisma.sql`${src.key[g]} AS ${as(g)}`);
  const innerKeys = [...keys.map((g) => src.key[g]), Prisma.sql`t.transaction_type, t.coin, 3, 4`];
  // The outer keys in the order asked, COIN being the leg's currency.
  const outer = groups.map((g) => (g === 'COIN' ? Prisma.sql`leg.currency` : Prisma.sql`g.${as(g)}`));
  const labels = groups.map((g) => (g === 'COIN' ? Prisma.sql`leg.currency` : src.label[g](Prisma.sql`g.${as(g)}`)));
  return doc(Prisma.sql`
    WITH g AS (
      SELECT t.transaction_type = 'trade' AS trade, t.coin, ${src.feeCurrency} AS fee_currency, ${src.quoteCurrency} AS quote_currency,
        ${inner.length ? Prisma.sql`${Prisma.join(inner)},` : Prisma.empty}
        ${src.count} AS n, ${src.amount} AS amount, ${src.fee} AS fee, ${src.total} AS total
      FROM ${src.table} WHERE ${src.where} GROUP BY ${Prisma.join(innerKeys)}
    )
    SELECT ${Prisma.join(labels.map((l, i) => Prisma.sql`${l} AS ${as(groups[i] as StatsGroup)}`))}, ${sums}
    FROM g ${LEGS} WHERE leg.currency IS NOT NULL
    GROUP BY ${Prisma.join(outer)}`);
}
