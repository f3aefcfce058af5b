import { Prisma } from '../../db/generated/prisma/client.js';

/**
 * The legs (transaction_legs, schema.prisma): a rollup row split by currency, as `transactionStats`
 * groups by COIN. A bank or crypto transaction is one leg in its coin (counted, with its amount,
 * fee and total); a trade is counted with its amount under its base currency, its fee under its fee
 * currency and its total under its quote currency. `n`, `n_fee` and `n_total` count the
 * transactions behind each sum: a sum of none is answered `0`, as the rows answer it (a sum of
 * the literal zeros of the other legs), while a kept sum keeps the scale of the figures that left it.
 */

/** The columns of one leg row, as SQL (a column, or what it becomes). */
export interface LegColumns {
  currency: Prisma.Sql;
  status: Prisma.Sql;
  transactionType: Prisma.Sql;
  day: Prisma.Sql;
  n: Prisma.Sql;
  nFee: Prisma.Sql;
  nTotal: Prisma.Sql;
  amount: Prisma.Sql;
  fee: Prisma.Sql;
  total: Prisma.Sql;
}

/** A sum as answered: `0` when no transaction is behind it (see above). */
const figure = (n: Prisma.Sql, sum: Prisma.Sql) => Prisma.sql`CASE WHEN ${n} > 0 THEN (${sum})::text ELSE '0' END`;

/**
 * The group's answer as one line of tab-separated columns, for a grouping by COIN, STATUS, TYPE
 * and DAY: currency, type, status, day (YYYY-MM-DD), count, amount, fee, total (leg-stats.ts
 * reads them; a few bytes a group to read and to split, where a JSON object of them cost twice as
 * much to make into the answer's). Currencies are checked codes, status and type enum labels: no
 * tab or line feed in any. prisma/migrations/20261230100000_leg_lines writes the same text.
 */
export function legLine(c: LegColumns): Prisma.Sql {
  return Prisma.sql`(${c.currency})::text || E'\t' || (${c.transactionType})::text || E'\t' || (${c.status})::text
    || E'\t' || to_char((${c.day})::timestamp, 'YYYY-MM-DD') || E'\t' || (${c.n})::text
    || E'\t' || ${figure(c.n, c.amount)} || E'\t' || ${figure(c.nFee, c.fee)} || E'\t' || ${figure(c.nTotal, c.total)}`;
}

const LEG_COLUMNS = Prisma.raw('workspace_id, currency, status, transaction_type, day, n, n_fee, n_total, amount, fee, total, line');

/**
 * The statement writing the legs of `rollups` rows matching `where` (alias `r`) into `legs`
 * (rebuildCounts; the migrations backfilled the same): each rollup row's one or three legs, added
 * up per currency (a trade's fee and total are often in one currency).
 */
export function insertLegsOfRollups(rollups: Prisma.Sql, legs: Prisma.Sql, where: Prisma.Sql): Prisma.Sql {
  const g = (c: string) => Prisma.raw(`g.${c}`);
  return Prisma.sql`
    INSERT INTO ${legs} (${LEG_COLUMNS})
    SELECT g.workspace_id, g.currency, g.status, g.transaction_type, g.day, g.n, g.n_fee, g.n_total, g.amount, g.fee, g.total,
      ${legLine({ currency: g('currency'), status: g('status'), transactionType: g('transaction_type'), day: g('day'), n: g('n'), nFee: g('n_fee'), nTotal: g('n_total'), amount: g('amount'), fee: g('fee'), total: g('total') })}
    FROM (
      SELECT r.workspace_id, leg.currency, r.status::text AS status, r.transaction_type::text AS transaction_type, r.day,
        sum(leg.n)::bigint AS n, sum(leg.n_fee)::bigint AS n_fee, sum(leg.n_total)::bigint AS n_total,
        sum(leg.amount) AS amount, sum(leg.fee) AS fee, sum(leg.total) AS total
      FROM ${rollups} r CROSS JOIN LATERAL (VALUES
        (r.coin, r.n, CASE WHEN r.transaction_type = 'trade' THEN 0 ELSE r.n END, CASE WHEN r.transaction_type = 'trade' THEN 0 ELSE r.n END,
          r.amount, CASE WHEN r.transaction_type = 'trade' THEN 0 ELSE r.fee END, CASE WHEN r.transaction_type = 'trade' THEN 0 ELSE r.total END),
        (CASE WHEN r.transaction_type = 'trade' THEN nullif(r.fee_currency, '') END, 0, r.n, 0, 0, r.fee, 0),
        (CASE WHEN r.transaction_type = 'trade' THEN nullif(r.quote_currency, '') END, 0, 0, r.n, 0, 0, r.total)
      ) AS leg(currency, n, n_fee, n_total, amount, fee, total)
      WHERE ${where} AND leg.currency IS NOT NULL
      GROUP BY r.workspace_id, leg.currency, r.status, r.transaction_type, r.day
    ) g
    ORDER BY g.workspace_id, g.currency, g.status, g.transaction_type, g.day`;
}

/** One transaction's type, currencies and figures, as bumpCounts is given them (RollupFigures and its type). */
export interface LegFigures {
  transactionType: string;
  coin: string;
  feeCurrency?: string | null;
  quoteCurrency?: string | null;
  amount: { toString(): string };
  fee: { toString(): string };
  total: { toString(): string };
}

/**
 * A CTE of bumpCounts's statement (after its CTE `ch(status, delta)`): the transaction's legs
 * added (`delta` +1) or taken (-1) in each status of `ch`, the group's line written again. Rows
 * are locked in key order (currency, then status), as every writer runs this same statement.
 */
export function bumpLegs(t: LegFigures & { workspaceId: string; day: string }): Prisma.Sql {
  const trade = t.transactionType === 'trade';
  const legs: [string, number, number, number, string, string, string][] = trade
    ? [
        [t.coin, 1, 0, 0, String(t.amount), '0', '0'],
        ...(t.feeCurrency ? [[t.feeCurrency, 0, 1, 0, '0', String(t.fee), '0'] as (typeof legs)[number]] : []),
        ...(t.quoteCurrency ? [[t.quoteCurrency, 0, 0, 1, '0', '0', String(t.total)] as (typeof legs)[number]] : []),
      ]
    : [[t.coin, 1, 1, 1, String(t.amount), String(t.fee), String(t.total)]];
  const col = (i: number) => legs.map((l) => l[i]);
  const kept = (c: string) => Prisma.raw(`transaction_legs.${c} + EXCLUDED.${c}`);
  const e = (c: string) => Prisma.raw(`EXCLUDED.${c}`);
  const g = (c: string) => Prisma.raw(`g.${c}`);
  return Prisma.sql`legs AS (
      INSERT INTO transaction_legs (${LEG_COLUMNS})
      SELECT ${t.workspaceId}::uuid, g.currency, g.status, ${t.transactionType}, ${t.day}::date, g.n, g.n_fee, g.n_total, g.amount, g.fee, g.total,
        ${legLine({ currency: g('currency'), status: g('status'), transactionType: Prisma.sql`${t.transactionType}`, day: Prisma.sql`${t.day}::date`, n: g('n'), nFee: g('n_fee'), nTotal: g('n_total'), amount: g('amount'), fee: g('fee'), total: g('total') })}
      FROM (
        SELECT l.currency, ch.status::text AS status, ch.delta * sum(l.n)::bigint AS n, ch.delta * sum(l.n_fee)::bigint AS n_fee,
          ch.delta * sum(l.n_total)::bigint AS n_total, ch.delta * sum(l.amount) AS amount, ch.delta * sum(l.fee) AS fee, ch.delta * sum(l.total) AS total
        FROM unnest(${col(0)}::text[], ${col(1)}::int[], ${col(2)}::int[], ${col(3)}::int[], ${col(4)}::numeric[], ${col(5)}::numeric[], ${col(6)}::numeric[])
          AS l(currency, n, n_fee, n_total, amount, fee, total)
        CROSS JOIN ch GROUP BY l.currency, ch.status, ch.delta
      ) g
      ORDER BY g.currency, g.status
      ON CONFLICT (workspace_id, currency, status, transaction_type, day) DO UPDATE SET
        n = ${kept('n')}, n_fee = ${kept('n_fee')}, n_total = ${kept('n_total')},
        amount = ${kept('amount')}, fee = ${kept('fee')}, total = ${kept('total')},
        line = ${legLine({ currency: e('currency'), status: e('status'), transactionType: e('transaction_type'), day: e('day'), n: kept('n'), nFee: kept('n_fee'), nTotal: kept('n_total'), amount: kept('amount'), fee: kept('fee'), total: kept('total') })}
    )`;
}
