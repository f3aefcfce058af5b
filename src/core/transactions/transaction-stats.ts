import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { fieldError, validationError } from '../errors.js';
import { listReads } from '../read-routing.js';
import { validateQuery } from '../validation/validators.js';
import { resolveTransactionFilter, transactionWhere } from './transaction-filter.js';
import { rollupSource, rowSource } from './transaction-rollups.js';

export const STATS_GROUPS = ['COIN', 'TYPE', 'STATUS', 'DAY', 'MONTH'] as const;
export type StatsGroup = (typeof STATS_GROUPS)[number];

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

/** Which source answers: the rollups when they can (`auto`), or the rows whatever the request (benchmarks, tests). */
export type StatsFrom = 'auto' | 'rows';

const COLUMN: Record<StatsGroup, string> = { COIN: 'coin', TYPE: 'transactionType', STATUS: 'status', DAY: 'day', MONTH: 'month' };

/**
 * Counts, and exact decimal sums of amount, fee and total, per group, over the same filter as the
 * list. Two currencies are never added: the sums are given only when grouped by COIN, which groups
 * each figure under the currency it is in (see LEGS), so a trade's quantity counts under its base
 * currency and its fee and total under its quote currency. `count` counts a transaction once,
 * under its primary coin (a trade's base currency). Whole UTC days without an account or search
 * are read from the rollups (transaction-rollups.ts), which give the same answer; anything else
 * from the rows.
 */
export async function transactionStats(
  caller: Ctx,
  input: { filter?: unknown; groupBy: readonly string[] },
  opts: { from?: StatsFrom } = {},
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
  const src = (opts.from !== 'rows' && rollupSource(filter)) || rowSource(transactionWhere(filter));
  const byCurrency = groups.includes('COIN');
  const keys = groups.filter((g): g is Exclude<StatsGroup, 'COIN'> => g !== 'COIN');
  const as = (g: StatsGroup) => Prisma.raw(`"${COLUMN[g]}"`);
  const ordered = (n: number) =>
    n ? Prisma.sql`ORDER BY ${Prisma.join(Array.from({ length: n }, (_, i) => Prisma.raw(String(i + 1))))}` : Prisma.empty;
  let rows: (Partial<StatsRow> & { count: bigint | string })[];
  if (!byCurrency) {
    const select = keys.map((g) => Prisma.sql`${src.key[g]} AS ${as(g)}`);
    // Grouped, a group with no transaction left (rollups whose rows all changed status) is no group.
    rows = await ctx.db.$queryRaw(Prisma.sql`
      SELECT ${keys.length ? Prisma.sql`${Prisma.join(select)},` : Prisma.empty} coalesce(${src.count}, 0)::bigint AS count
      ${src.from}
      ${keys.length ? Prisma.sql`GROUP BY ${Prisma.join(keys.map((g) => src.key[g]))} HAVING ${src.count} > 0` : Prisma.empty} ${ordered(keys.length)}`);
  } else {
    const inner = keys.map((g) => Prisma.sql`${src.key[g]} AS ${as(g)}`);
    const innerKeys = [...keys.map((g) => src.key[g]), Prisma.sql`t.transaction_type, t.coin, 3, 4`];
    // The outer keys in the order asked, COIN being the leg's currency.
    const outer = groups.map((g) => (g === 'COIN' ? Prisma.sql`leg.currency` : Prisma.sql`g.${as(g)}`));
    rows = await ctx.db.$queryRaw(Prisma.sql`
      WITH g AS (
        SELECT t.transaction_type = 'trade' AS trade, t.coin, ${src.feeCurrency} AS fee_currency, ${src.quoteCurrency} AS quote_currency,
          ${inner.length ? Prisma.sql`${Prisma.join(inner)},` : Prisma.empty}
          ${src.count} AS n, ${src.amount} AS amount, ${src.fee} AS fee, ${src.total} AS total
        ${src.from} GROUP BY ${Prisma.join(innerKeys)}
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
