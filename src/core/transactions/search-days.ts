import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { DAY_MS, type DateRange, MAX_INSTANT } from '../validation/date-range.js';
import { matchesByName } from './search-conditions.js';
import type { CountedSearch } from './search-dense.js';

// A one-word search's dates (search-words.ts): whole UTC days from the word counts per day, the
// parts of days at a range's ends from their rows.

/** [from, to) in milliseconds since the epoch: part of a day, read from the rows. */
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
    outer: { from: date(start === undefined ? undefined : floor(start)), to: date(end === undefined ? undefined : ceil(end)) },
  };
}

/**
 * Whether the names of `transactions t` match `search`: only a row with names has a search key
 * (its names' group), and the key is read before the names are (45% of the rows have names at
 * 10M: counting an edge of 18 hours 38 -> 25 ms).
 */
export function named(search: string): Prisma.Sql {
  return Prisma.sql`(t.search_key IS NOT NULL AND ${matchesByName(search)})`;
}

/** The conditions of whole days `days` on a date column `col`. */
export function onDays(days: { from?: Date; to?: Date }, col: Prisma.Sql): Prisma.Sql {
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (days.from) parts.push(Prisma.sql`${col} >= ${iso(days.from)}::date`);
  if (days.to) parts.push(Prisma.sql`${col} < ${iso(days.to)}::date`);
  return Prisma.join(parts, ' AND ');
}

/**
 * The rows of the parts of days `edges` whose names match: each edge a range of the time index
 * (at most a day's rows, each checked by its names), 0 without edges.
 */
export function namedOnEdges(ctx: Ctx, f: CountedSearch, edges: Edge[]): Prisma.Sql {
  if (edges.length === 0) return Prisma.sql`0`;
  const counts = edges.map(
    (e) => Prisma.sql`(SELECT count(*) FROM transactions t
      WHERE t.workspace_id = ${ctx.workspaceId}::uuid AND t.created_at >= ${new Date(e.from)} AND t.created_at < ${new Date(e.to)}
        AND ${named(f.search)} IS TRUE)`,
  );
  return Prisma.join(counts, ' + ');
}
