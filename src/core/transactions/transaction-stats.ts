import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { validationError } from '../errors.js';
import { validateQuery } from '../validation/validators.js';
import { resolveTransactionFilter, transactionWhere } from './transaction-filter.js';

export const STATS_GROUPS = ['COIN', 'TYPE', 'STATUS', 'DAY', 'MONTH'] as const;
export type StatsGroup = (typeof STATS_GROUPS)[number];

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
  amount: string;
  fee: string;
  total: string;
}

/**
 * Counts and exact decimal sums of amount, fee and total per group, computed in SQL over the same
 * filter as the list. COIN groups by a transaction's primary coin (bank/crypto: its coin; trade:
 * its base currency). For trades amount is in the base currency, fee and total in the quote.
 */
export async function transactionStats(ctx: Ctx, input: { filter?: unknown; groupBy: readonly string[] }): Promise<StatsRow[]> {
  const unknown = input.groupBy.filter((g) => !(STATS_GROUPS as readonly string[]).includes(g));
  if (unknown.length) throw validationError([{ field: 'groupBy', message: `must be among ${STATS_GROUPS.join(', ')}` }]);
  const groups = [...new Set(input.groupBy as StatsGroup[])];
  const filter = validateQuery('listTransactions', input.filter ?? {});
  const where = transactionWhere(resolveTransactionFilter(ctx, filter));
  const select = groups.map((g) => Prisma.sql`${GROUP_SQL[g].sql} AS ${Prisma.raw(`"${GROUP_SQL[g].column}"`)}`);
  const groupBy = groups.length
    ? Prisma.sql`GROUP BY ${Prisma.join(groups.map((g) => GROUP_SQL[g].sql))} ORDER BY ${Prisma.join(groups.map((_, i) => Prisma.raw(String(i + 1))))}`
    : Prisma.empty;
  const rows = await ctx.db.$queryRaw<(Partial<StatsRow> & { count: bigint })[]>(Prisma.sql`
    SELECT ${groups.length ? Prisma.sql`${Prisma.join(select)},` : Prisma.empty}
      count(*) AS count, coalesce(sum(t.amount), 0)::text AS amount, coalesce(sum(t.fee), 0)::text AS fee,
      coalesce(sum(t.total), 0)::text AS total
    FROM transactions t WHERE ${where} ${groupBy}`);
  return rows.map((r) => ({
    coin: r.coin ?? null,
    transactionType: r.transactionType ?? null,
    status: r.status ?? null,
    day: r.day ?? null,
    month: r.month ?? null,
    count: Number(r.count),
    amount: r.amount ?? '0',
    fee: r.fee ?? '0',
    total: r.total ?? '0',
  }));
}
