import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { validationError } from '../errors.js';
import { listReads } from '../read-routing.js';
import { validateQuery } from '../validation/validators.js';
import { resolveTransactionFilter, transactionWhere } from './transaction-filter.js';

export const STATS_GROUPS = ['COIN', 'TYPE', 'STATUS', 'DAY', 'MONTH'] as const;
export type StatsGroup = (typeof STATS_GROUPS)[number];

/** Each group's key, computed once per row in the inner query (`g`) and read by the outer one. */
const GROUP_SQL: Record<StatsGroup, { column: string; sql: Prisma.Sql }> = {
  COIN: { column: 'coin', sql: Prisma.sql`t.coin` },
  TYPE: { column: 'transactionType', sql: Prisma.sql`t.transaction_type::text` },
  STATUS: { column: 'status', sql: Prisma.sql`t.status::text` },
  DAY: { column: 'day', sql: Prisma.sql`to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')` },
  MONTH: { column: 'month', sql: Prisma.sql`to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM')` },
};

export interface StatsRow {
  coin: string | null;
  transactionType: string | null;
  status: string | null;
  day: string | null;
  month: string | null;
  count: number;
  /** Null unless grouped by COIN: sums are only ever taken within one currency. */
  amount: string | null;
  fee: string | null;
  total: string | null;
}

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

/**
 * Counts, and exact decimal sums of amount, fee and total, per group, computed in SQL over the same
 * filter as the list. Two currencies are never added: the sums are given only when grouped by
 * COIN, which groups each figure under the currency it is in (see LEGS), so a trade's quantity
 * counts under its base currency and its fee and total under its quote currency. `count` counts a
 * transaction once, under its primary coin (a trade's base currency).
 */
export async function transactionStats(caller: Ctx, input: { filter?: unknown; groupBy: readonly string[] }): Promise<StatsRow[]> {
  const ctx = listReads(caller);
  const asked: unknown = input?.groupBy;
  if (!Array.isArray(asked) || asked.some((g) => !(STATS_GROUPS as readonly unknown[]).includes(g))) {
    throw validationError([{ field: 'groupBy', message: `must be a list of ${STATS_GROUPS.join(', ')}` }]);
  }
  const groups = [...new Set(asked as StatsGroup[])];
  const filter = validateQuery('listTransactions', input.filter ?? {});
  const where = transactionWhere(resolveTransactionFilter(ctx, filter));
  const byCurrency = groups.includes('COIN');
  const keys = groups.filter((g) => g !== 'COIN');
  const as = (g: StatsGroup) => Prisma.raw(`"${GROUP_SQL[g].column}"`);
  const ordered = (n: number) =>
    n ? Prisma.sql`ORDER BY ${Prisma.join(Array.from({ length: n }, (_, i) => Prisma.raw(String(i + 1))))}` : Prisma.empty;
  let rows: (Partial<StatsRow> & { count: bigint })[];
  if (!byCurrency) {
    const select = groups.map((g) => Prisma.sql`${GROUP_SQL[g].sql} AS ${as(g)}`);
    rows = await ctx.db.$queryRaw(Prisma.sql`
      SELECT ${groups.length ? Prisma.sql`${Prisma.join(select)},` : Prisma.empty} count(*) AS count
      FROM transactions t WHERE ${where}
      ${groups.length ? Prisma.sql`GROUP BY ${Prisma.join(groups.map((g) => GROUP_SQL[g].sql))}` : Prisma.empty} ${ordered(groups.length)}`);
  } else {
    const inner = keys.map((g) => Prisma.sql`${GROUP_SQL[g].sql} AS ${as(g)}`);
    const innerKeys = [...keys.map((g) => GROUP_SQL[g].sql), Prisma.sql`t.transaction_type, t.coin, t.fee_currency, t.quote_currency`];
    // The outer keys in the order asked, COIN being the leg's currency.
    const outer = groups.map((g) => (g === 'COIN' ? Prisma.sql`leg.currency` : Prisma.sql`g.${as(g)}`));
    rows = await ctx.db.$queryRaw(Prisma.sql`
      WITH g AS (
        SELECT ${inner.length ? Prisma.sql`${Prisma.join(inner)},` : Prisma.empty}
          t.transaction_type = 'trade' AS trade, t.coin, t.fee_currency, t.quote_currency,
          count(*) AS n, sum(t.amount) AS amount, sum(t.fee) AS fee, sum(t.total) AS total
        FROM transactions t WHERE ${where} GROUP BY ${Prisma.join(innerKeys)}
      )
      SELECT ${Prisma.join(outer.map((o, i) => Prisma.sql`${o} AS ${as(groups[i] as StatsGroup)}`))},
        sum(leg.n)::bigint AS count, sum(leg.amount)::text AS amount, sum(leg.fee)::text AS fee, sum(leg.total)::text AS total
      FROM g ${LEGS} WHERE leg.currency IS NOT NULL
      GROUP BY ${Prisma.join(outer)} ${ordered(groups.length)}`);
  }
  return rows.map((r) => ({
    coin: r.coin ?? null,
    transactionType: r.transactionType ?? null,
    status: r.status ?? null,
    day: r.day ?? null,
    month: r.month ?? null,
    count: Number(r.count),
    amount: byCurrency ? (r.amount ?? '0') : null,
    fee: byCurrency ? (r.fee ?? '0') : null,
    total: byCurrency ? (r.total ?? '0') : null,
  }));
}
