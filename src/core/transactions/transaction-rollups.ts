import { Prisma } from '../../db/generated/prisma/client.js';
import { MAX_INSTANT } from '../validation/date-range.js';
import { utcDay } from './day-cover.js';
import { ALL_TIME } from './transaction-counts.js';
import type { TransactionFilter } from './transaction-filter.js';

const DAY_MS = 86_400_000;

/** Where `transactionStats` reads: the key of each group, the filtered relation, and its aggregates. */
export interface StatsSource {
  /**
   * The group keys other than COIN (the currency, which comes from the legs), as grouped: cheap
   * values (enums, dates), each turned into its text once per group by `label`.
   */
  key: { TYPE: Prisma.Sql; STATUS: Prisma.Sql; DAY: Prisma.Sql; MONTH: Prisma.Sql };
  /** A grouped key's text, as answered and ordered. */
  label: {
    TYPE: (k: Prisma.Sql) => Prisma.Sql;
    STATUS: (k: Prisma.Sql) => Prisma.Sql;
    DAY: (k: Prisma.Sql) => Prisma.Sql;
    MONTH: (k: Prisma.Sql) => Prisma.Sql;
  };
  /** The relation, alias `t`, with the columns transaction_type, coin, fee_currency, quote_currency. */
  table: Prisma.Sql;
  /** Its filter. */
  where: Prisma.Sql;
  /**
   * Whether its rows are already groups (the rollups, columns n, amount, fee and total): for a fine
   * grouping a currency's legs are split from each row and grouped once (transaction-stats.ts).
   */
  grouped: boolean;
  /** The number of transactions of a group, as an aggregate. */
  count: Prisma.Sql;
  /** The sums of a group, as aggregates. */
  amount: Prisma.Sql;
  fee: Prisma.Sql;
  total: Prisma.Sql;
  /** A trade's fee and quote currencies, NULL when it has none. */
  feeCurrency: Prisma.Sql;
  quoteCurrency: Prisma.Sql;
}

const LABEL: StatsSource['label'] = {
  TYPE: (k) => Prisma.sql`${k}::text`,
  STATUS: (k) => Prisma.sql`${k}::text`,
  DAY: (k) => Prisma.sql`to_char(${k}::timestamp, 'YYYY-MM-DD')`,
  MONTH: (k) => Prisma.sql`to_char(${k}::timestamp, 'YYYY-MM')`,
};

/** The transactions' own rows: every matching row is read. */
export function rowSource(where: Prisma.Sql): StatsSource {
  return {
    key: {
      TYPE: Prisma.sql`t.transaction_type`,
      STATUS: Prisma.sql`t.status`,
      DAY: utcDay(Prisma.sql`t.created_at`),
      MONTH: Prisma.sql`date_trunc('month', t.created_at AT TIME ZONE 'UTC')::date`,
    },
    label: LABEL,
    table: Prisma.sql`transactions t`,
    where,
    grouped: false,
    count: Prisma.sql`count(*)`,
    amount: Prisma.sql`sum(t.amount)`,
    fee: Prisma.sql`sum(t.fee)`,
    total: Prisma.sql`sum(t.total)`,
    feeCurrency: Prisma.sql`t.fee_currency`,
    quoteCurrency: Prisma.sql`t.quote_currency`,
  };
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The filter's range as whole UTC days `[from, to)` (ISO dates, either open), or undefined when
 * a bound falls inside a day, or the filter names an account or a search: what the rollups and
 * the day counts cannot answer.
 */
export function wholeDays(f: TransactionFilter): { from?: string; to?: string } | undefined {
  if (f.accountId || f.search) return undefined;
  const days: { from?: string; to?: string } = {};
  const { start, end } = f.range;
  if (start) {
    const at = start.at.getTime() + (start.inclusive ? 0 : 1);
    if (at % DAY_MS !== 0) return undefined;
    days.from = iso(at);
  }
  if (end) {
    const to = end.at.getTime() + (end.inclusive ? 1 : 0);
    // An end in the last representable day bounds nothing (its next day has no ISO date).
    if (to <= MAX_INSTANT) {
      if (to % DAY_MS !== 0) return undefined;
      days.to = iso(to);
    }
  }
  return days;
}

/** The conditions on `t.day` of a range of whole days. */
function dayParts(days: { from?: string; to?: string }): Prisma.Sql[] {
  return [...(days.from ? [Prisma.sql`t.day >= ${days.from}::date`] : []), ...(days.to ? [Prisma.sql`t.day < ${days.to}::date`] : [])];
}

/**
 * The day counts (transaction_counts, kept with every write like the rollups) as the source of a
 * grouping without COIN, whose answer is counts alone: one row per (day, type, status) under the
 * coin key `""`, or the filter's coin (the transactions holding it, as the rows' filter), and,
 * without dates or a grouping by day or month, the workspace's all-time rows (a few dozen). A
 * third as many rows as the rollups, keyed by day first, and no legs: a grouping by day reads
 * them in order and needs no slices. Its sums are not there (never asked without COIN). Undefined
 * when the rows must be read.
 */
export function countSource(f: TransactionFilter, byDay: boolean): StatsSource | undefined {
  const days = wholeDays(f);
  if (!days) return undefined;
  const parts: Prisma.Sql[] = [Prisma.sql`t.workspace_id = ${f.workspaceId}::uuid`, Prisma.sql`t.coin = ${f.coin ?? ''}`];
  if (byDay || days.from || days.to) parts.push(Prisma.sql`t.day > ${ALL_TIME}::date`, ...dayParts(days));
  else parts.push(Prisma.sql`t.day = ${ALL_TIME}::date`);
  parts.push(...typeAndStatus(f));
  const none = Prisma.sql`NULL`;
  return {
    key: DAY_KEYS,
    label: LABEL,
    table: Prisma.sql`transaction_counts t`,
    where: Prisma.join(parts, ' AND '),
    grouped: true,
    count: Prisma.sql`sum(t.n)`,
    amount: none,
    fee: none,
    total: none,
    feeCurrency: none,
    quoteCurrency: none,
  };
}

/** The filter's type and status as conditions on a count or rollup table `t`. */
function typeAndStatus(f: TransactionFilter): Prisma.Sql[] {
  const parts: Prisma.Sql[] = [];
  if (f.transactionType) parts.push(Prisma.sql`t.transaction_type = ${f.transactionType}::transaction_type`);
  if (f.status) parts.push(Prisma.sql`t.status = ${f.status}::transaction_status`);
  return parts;
}

/** The keys of a table of whole days (column `day`). */
const DAY_KEYS: StatsSource['key'] = {
  TYPE: Prisma.sql`t.transaction_type`,
  STATUS: Prisma.sql`t.status`,
  DAY: Prisma.sql`t.day`,
  MONTH: Prisma.sql`date_trunc('month', t.day::timestamp)::date`,
};

/**
 * The rollups (transaction_rollups, one row per workspace, UTC day, type, status and currency key,
 * kept with every write) as the source of a filter they answer exactly: no account or search, and
 * dates, if any, on whole UTC days. A coin filter matches a transaction holding the coin, which is
 * its `coin` or, for a trade, its quote currency (`coins` is [coin] or [base, quote]). Rows whose
 * transactions all moved to another status (n = 0) are left out, as no row of theirs is there.
 * Undefined when the rows must be read.
 */
export function rollupSource(f: TransactionFilter): StatsSource | undefined {
  const days = wholeDays(f);
  if (!days) return undefined;
  const parts: Prisma.Sql[] = [Prisma.sql`t.workspace_id = ${f.workspaceId}::uuid`, Prisma.sql`t.n > 0`, ...dayParts(days)];
  parts.push(...typeAndStatus(f));
  if (f.coin) parts.push(Prisma.sql`(t.coin = ${f.coin} OR (t.transaction_type = 'trade' AND t.quote_currency = ${f.coin}))`);
  return {
    key: DAY_KEYS,
    label: LABEL,
    table: Prisma.sql`transaction_rollups t`,
    where: Prisma.join(parts, ' AND '),
    grouped: true,
    count: Prisma.sql`sum(t.n)`,
    amount: Prisma.sql`sum(t.amount)`,
    fee: Prisma.sql`sum(t.fee)`,
    total: Prisma.sql`sum(t.total)`,
    feeCurrency: Prisma.sql`nullif(t.fee_currency, '')`,
    quoteCurrency: Prisma.sql`nullif(t.quote_currency, '')`,
  };
}
