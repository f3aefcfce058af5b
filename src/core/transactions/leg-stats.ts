import { Prisma } from '../../db/generated/prisma/client.js';
import { inTurn } from '../cpu-turns.js';
import { docQuery } from './stats-chunks.js';
import type { StatsRow } from './stats-row.js';
import type { TransactionFilter } from './transaction-filter.js';
import { wholeDays } from './transaction-rollups.js';

// transactionStats grouped by COIN, from the legs (transaction_legs; transaction-legs.ts keeps them).

/**
 * The legs' condition for a filter they answer exactly: whole UTC days, no account, search or coin
 * (a coin filter keeps a trade by its base or quote currency, which a leg of a third one does not
 * tell: the rollups answer it). Only legs with a transaction behind them. Undefined otherwise.
 */
export function legWhere(f: TransactionFilter): Prisma.Sql | undefined {
  const days = wholeDays(f);
  if (!days || f.coin) return undefined;
  const parts: Prisma.Sql[] = [Prisma.sql`t.workspace_id = ${f.workspaceId}::uuid`, Prisma.sql`(t.n > 0 OR t.n_fee > 0 OR t.n_total > 0)`];
  if (days.from) parts.push(Prisma.sql`t.day >= ${days.from}::date`);
  if (days.to) parts.push(Prisma.sql`t.day < ${days.to}::date`);
  if (f.transactionType) parts.push(Prisma.sql`t.transaction_type = ${f.transactionType}`);
  if (f.status) parts.push(Prisma.sql`t.status = ${f.status}`);
  return Prisma.join(parts, ' AND ');
}

type Key = 'COIN' | 'TYPE' | 'STATUS' | 'DAY' | 'MONTH';
const COLUMN: Record<Key, string> = { COIN: 'coin', TYPE: 'transactionType', STATUS: 'status', DAY: 'day', MONTH: 'month' };
/** A key's value on a leg row: text ordered as its answer's text (a date as 'YYYY-MM-DD' for years 1 to 9999). */
const VALUE: Record<Key, Prisma.Sql> = {
  COIN: Prisma.sql`t.currency`,
  TYPE: Prisma.sql`t.transaction_type`,
  STATUS: Prisma.sql`t.status`,
  DAY: Prisma.sql`t.day`,
  MONTH: Prisma.sql`date_trunc('month', t.day::timestamp)`,
};
const LABEL: Record<Key, Prisma.Sql> = {
  ...VALUE,
  DAY: Prisma.sql`to_char(t.day::timestamp, 'YYYY-MM-DD')`,
  MONTH: Prisma.sql`to_char(date_trunc('month', t.day::timestamp), 'YYYY-MM')`,
};

/**
 * The statement answering `groups` (COIN among them) from the legs matching `where`. `final`: a
 * grouping by COIN, STATUS, TYPE and DAY (and MONTH if asked) is one leg row a group, answered by
 * its kept line (legLine, transaction-legs.ts): one text of them all in the keys' order, separated
 * by line feeds (parseLines); otherwise documents of columns to map, as statsQuery's (the legs added up, no legs to make).
 */
export function legStatsQuery(where: Prisma.Sql, groups: readonly Key[]): { query: Prisma.Sql; final: boolean } {
  const order = Prisma.join(groups.map((g) => VALUE[g]));
  if ((['COIN', 'STATUS', 'TYPE', 'DAY'] as const).every((g) => groups.includes(g))) {
    // Aggregated as the ordered subquery gives them (PostgreSQL's documented way to order an
    // aggregate's input, "will usually work": a subquery with ORDER BY is never pulled up):
    // string_agg(... ORDER BY) sorts its input itself on PostgreSQL 15, where the index has them in
    // order already, and ARRAY() then array_to_string copied them twice (16 ms, now 10 at 10M).
    return {
      final: true,
      query: Prisma.sql`SELECT string_agg(s.line, E'\n') AS doc FROM (SELECT t.line FROM transaction_legs t WHERE ${where} ORDER BY ${order}) s`,
    };
  }
  const as = (g: Key) => Prisma.raw(`"${COLUMN[g]}"`);
  return {
    final: false,
    query: docQuery(
      Prisma.sql`SELECT ${Prisma.join(groups.map((g) => Prisma.sql`${LABEL[g]} AS ${as(g)}`))}, sum(t.n)::bigint AS count,
        coalesce(sum(t.amount) FILTER (WHERE t.n > 0), 0)::text AS amount, coalesce(sum(t.fee) FILTER (WHERE t.n_fee > 0), 0)::text AS fee,
        coalesce(sum(t.total) FILTER (WHERE t.n_total > 0), 0)::text AS total
      FROM transaction_legs t WHERE ${where} GROUP BY ${order}`,
      groups.map(as),
    ),
  };
}

/** Characters per part of a joined answer read at once: about 4,000 groups. */
const PART_CHARS = 250_000;

/**
 * The groups of a joined answer (legStatsQuery's `final` text) as `StatsRow`s, a part at a time, each in a turn
 * of its own (cpu-turns.ts); `month` when MONTH was asked too (the day's month). Read by position
 * (no array a line), a key's value shared by its groups (a few hundred distinct of tens of
 * thousands): 1.6x faster than splitting, with less to collect (docs/benchmarks.md, "Stall"). No
 * string is made for what is only compared or counted: a coin, type or status equal to the
 * previous group's is that string again (the lines come in key order), a day is found by its
 * digits, and the count is read from its digits; only the sums are cut out. At 10M that is 3
 * strings a group where there were 8, for the 26,709 groups of the four keys.
 */
export async function parseLines(text: string | null | undefined, month: boolean): Promise<StatsRow[]> {
  const rows: StatsRow[] = [];
  const days = new Map<number | string, string>();
  const months = new Map<number | string, string>();
  let coin = '';
  let type = '';
  let status = '';
  const same = (s: string, prev: string, from: number, to: number) => to - from === prev.length && s.startsWith(prev, from);
  const digits = (s: string, from: number, to: number) => {
    let n = 0;
    for (let i = from; i < to; i++) n = n * 10 + (s.charCodeAt(i) - 48);
    return n;
  };
  // YYYY-MM-DD as a number (its digits), or the text itself if it is not of that shape.
  const dayKey = (s: string, from: number, to: number): number | string =>
    to - from === 10 && s.charCodeAt(from + 4) === 45 && s.charCodeAt(from + 7) === 45
      ? digits(s, from, from + 4) * 10000 + digits(s, from + 5, from + 7) * 100 + digits(s, from + 8, from + 10)
      : s.slice(from, to);
  const read = (s: string, from: number, to: number) => {
    for (let at = from; at < to; ) {
      const end = s.indexOf('\n', at);
      const stop = end < 0 || end > to ? to : end;
      const t1 = s.indexOf('\t', at);
      const t2 = s.indexOf('\t', t1 + 1);
      const t3 = s.indexOf('\t', t2 + 1);
      const t4 = s.indexOf('\t', t3 + 1);
      const t5 = s.indexOf('\t', t4 + 1);
      const t6 = s.indexOf('\t', t5 + 1);
      const t7 = s.indexOf('\t', t6 + 1);
      if (!same(s, coin, at, t1)) coin = s.slice(at, t1);
      if (!same(s, type, t1 + 1, t2)) type = s.slice(t1 + 1, t2);
      if (!same(s, status, t2 + 1, t3)) status = s.slice(t2 + 1, t3);
      const key = dayKey(s, t3 + 1, t4);
      let day = days.get(key);
      if (day === undefined) {
        day = s.slice(t3 + 1, t4);
        days.set(key, day);
      }
      let inMonth: string | null = null;
      if (month) {
        const m = typeof key === 'number' ? Math.floor(key / 100) : day.slice(0, 7);
        inMonth = months.get(m) ?? null;
        if (inMonth === null) {
          inMonth = day.slice(0, 7);
          months.set(m, inMonth);
        }
      }
      rows.push({
        coin,
        transactionType: type,
        status,
        day,
        month: inMonth,
        count: digits(s, t4 + 1, t5),
        amount: s.slice(t5 + 1, t6),
        fee: s.slice(t6 + 1, t7),
        total: s.slice(t7 + 1, stop),
      });
      at = stop + 1;
    }
  };
  for (let at = 0; text && at < text.length; ) {
    const cut = text.indexOf('\n', at + PART_CHARS);
    const end = cut < 0 ? text.length : cut;
    const from = at;
    await inTurn(() => read(text, from, end));
    at = end + 1;
  }
  return rows;
}
