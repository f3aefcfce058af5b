import { Prisma } from '../../db/generated/prisma/client.js';
import { inTurn } from '../cpu-turns.js';
import { docQuery } from './stats-chunks.js';
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
 * its kept text: one text of them all, in the keys' order, separated by `,\n` (parseJoined);
 * otherwise documents of columns to map, as statsQuery's (the legs added up, no legs to make).
 */
export function legStatsQuery(where: Prisma.Sql, groups: readonly Key[]): { query: Prisma.Sql; final: boolean } {
  const order = Prisma.join(groups.map((g) => VALUE[g]));
  if ((['COIN', 'STATUS', 'TYPE', 'DAY'] as const).every((g) => groups.includes(g))) {
    const month = Prisma.sql`'","month":"' || to_char(t.day::timestamp, 'YYYY-MM') || '","count":'`;
    const doc = groups.includes('MONTH') ? Prisma.sql`replace(t.doc, '","month":null,"count":', ${month})` : Prisma.sql`t.doc`;
    // An ordered subquery's array: string_agg(... ORDER BY) sorts its input itself on PostgreSQL 15,
    // where the index has them in order already.
    return {
      final: true,
      query: Prisma.sql`SELECT array_to_string(ARRAY(SELECT ${doc} FROM transaction_legs t WHERE ${where} ORDER BY ${order}), E',\n') AS doc`,
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

/** Characters per part of a joined answer parsed at once: about 2,000 groups, as docQuery's documents. */
const PART_CHARS = 300_000;

/**
 * The groups of a joined answer (legStatsQuery's `final` text), parsed a part at a time, each in a
 * turn of its own (cpu-turns.ts). The separator `,\n` is only ever between two groups: JSON text
 * escapes a line feed inside a string, so a part cut at one is a JSON array once bracketed.
 */
export async function parseJoined(text: string | null | undefined): Promise<unknown[]> {
  const rows: unknown[] = [];
  for (let at = 0; text && at < text.length; ) {
    const cut = text.indexOf(',\n', at + PART_CHARS);
    const end = cut < 0 ? text.length : cut;
    const part = text.slice(at, end);
    for (const row of await inTurn(() => JSON.parse(`[${part}]`) as unknown[])) rows.push(row);
    at = end + 2;
  }
  return rows;
}
