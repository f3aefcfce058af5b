import { Prisma } from '../../db/generated/prisma/client.js';
import { DAY_MS, type DateRange, MAX_INSTANT } from '../validation/date-range.js';

// A date range as whole UTC days and the parts of days at its ends: the counts per day answer the
// first, the rows the second (countTransactions, a one-word search's dates).

/** [from, to) in milliseconds since the epoch: part of a day, read from the rows. */
/** The UTC day of a time (`at`, a timestamptz), as every count per day keys it. */
export const utcDay = (at: Prisma.Sql): Prisma.Sql => Prisma.sql`(${at} AT TIME ZONE 'UTC')::date`;

export interface Edge {
  from: number;
  to: number;
}

/**
 * A date range as the whole UTC days it covers (`days`: [from, to) as midnights, a side undefined
 * when unbounded; an end in 9999-12-31 is none; empty when from >= to), the parts of days at its
 * ends (`edges`: a bound inside a day, at most two, each within one day), and the whole days around
 * it all (`outer`: `days` and the edges' days).
 */
export function dayCover(range: DateRange): { days: { from?: Date; to?: Date }; edges: Edge[]; outer: { from?: Date; to?: Date } } {
  const start = range.start?.at.getTime();
  let end = range.end ? range.end.at.getTime() + (range.end.inclusive ? 1 : 0) : undefined;
  if (end !== undefined && end > MAX_INSTANT) end = undefined;
  const floor = (t: number) => t - (((t % DAY_MS) + DAY_MS) % DAY_MS);
  const ceil = (t: number) => (floor(t) === t ? t : floor(t) + DAY_MS);
  const edges: Edge[] = [];
  if (start !== undefined && floor(start) !== start) edges.push({ from: start, to: Math.min(ceil(start), end ?? ceil(start)) });
  if (end !== undefined && floor(end) !== end && (start === undefined || floor(end) >= ceil(start)))
    edges.push({ from: floor(end), to: end });
  const date = (t: number | undefined) => (t === undefined ? undefined : new Date(t));
  return {
    days: { from: date(start === undefined ? undefined : ceil(start)), to: date(end === undefined ? undefined : floor(end)) },
    edges: edges.filter((e) => e.from < e.to),
    // The last day's next midnight (year 10000) is no SQL date: no day is after it anyway.
    outer: {
      from: date(start === undefined ? undefined : floor(start)),
      to: date(end === undefined || ceil(end) > MAX_INSTANT ? undefined : ceil(end)),
    },
  };
}

/**
 * A cover (`dayCover`) to count from: a part of a day longer than half of it that reaches one of
 * its midnights is counted as that whole day (added to `days`) less the rest of the day (`minus`),
 * so at most half a day's rows are read at each end; the other parts of days stay `plus`. A part
 * of 9999-12-31 stays too: its next midnight is no date SQL takes.
 */
export function countCover(cover: ReturnType<typeof dayCover>): { days: { from?: Date; to?: Date }; plus: Edge[]; minus: Edge[] } {
  let { from, to } = cover.days;
  const plus: Edge[] = [];
  const minus: Edge[] = [];
  for (const e of cover.edges) {
    const start = e.from - (((e.from % DAY_MS) + DAY_MS) % DAY_MS);
    const end = start + DAY_MS;
    if (e.to - e.from <= DAY_MS / 2) plus.push(e);
    else if (e.to === end && from?.getTime() === end) {
      from = new Date(start);
      minus.push({ from: start, to: e.from });
    } else if (e.from === start && to?.getTime() === start && end <= MAX_INSTANT) {
      to = new Date(end);
      minus.push({ from: e.to, to: end });
    } else plus.push(e);
  }
  return { days: { from, to }, plus, minus };
}

/** The conditions of whole days `days` on a date column `col`. */
export function onDays(days: { from?: Date; to?: Date }, col: Prisma.Sql): Prisma.Sql {
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (days.from) parts.push(Prisma.sql`${col} >= ${iso(days.from)}::date`);
  if (days.to) parts.push(Prisma.sql`${col} < ${iso(days.to)}::date`);
  return Prisma.join(parts, ' AND ');
}
