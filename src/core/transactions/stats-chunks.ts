import { Prisma } from '../../db/generated/prisma/client.js';
import { asScan } from '../../db/request-signal.js';
import type { Ctx } from '../context.js';
import { inTurn } from '../cpu-turns.js';
import { ALL_TIME } from './transaction-counts.js';
import type { TransactionFilter } from './transaction-filter.js';

const DAY_MS = 86_400_000;

/** A slice of time `[from, to)`; an open end is unbounded. */
export interface Chunk {
  from?: Date;
  to?: Date;
}

/**
 * Slices of the filter's time line holding at most about `chunkRows` of its transactions each, as
 * the day counts (transaction_counts, one index range of the workspace) estimate them: consecutive
 * days are gathered until the next would pass `chunkRows`, and a day holding more is cut into equal
 * parts of the time its rows span. The slices cover the whole time line without overlap (the first and last are
 * open), so every transaction falls in exactly one, whatever the estimate: a transaction's
 * `created_at` never changes. An account or search filter is estimated by the workspace's counts
 * (more than it matches: smaller slices, never larger ones).
 */
export async function planChunks(ctx: Ctx, f: TransactionFilter, chunkRows: number, opts: { wholeDays?: boolean } = {}): Promise<Chunk[]> {
  const parts: Prisma.Sql[] = [
    Prisma.sql`c.workspace_id = ${f.workspaceId}::uuid`,
    Prisma.sql`c.coin = ${f.coin ?? ''}`,
    Prisma.sql`c.day > ${ALL_TIME}::date`,
  ];
  const { start, end } = f.range;
  // The days the bounds fall in (UTC dates as text: a timestamp's cast to date would follow the session's zone).
  const dayOf = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  if (start) parts.push(Prisma.sql`c.day >= ${dayOf(start.at)}::date`);
  if (end) parts.push(Prisma.sql`c.day <= ${dayOf(end.at)}::date`);
  if (f.transactionType) parts.push(Prisma.sql`c.transaction_type = ${f.transactionType}::transaction_type`);
  if (f.status) parts.push(Prisma.sql`c.status = ${f.status}::transaction_status`);
  const days = await ctx.db.$queryRaw<{ day: Date; n: bigint }[]>(Prisma.sql`
    SELECT c.day, sum(c.n)::bigint AS n FROM transaction_counts c WHERE ${Prisma.join(parts, ' AND ')}
    GROUP BY c.day HAVING sum(c.n) > 0 ORDER BY c.day`);
  const cuts: number[] = [];
  let held = 0;
  for (const { day, n } of days) {
    const at = new Date(day).getTime();
    const rows = Number(n);
    if (held > 0 && held + rows > chunkRows) {
      cuts.push(at);
      held = 0;
    }
    if (rows > chunkRows && !opts.wholeDays) {
      // A day of its own, in equal parts of the time its rows span (two index probes).
      cuts.push(at, at + DAY_MS);
      const [span] = await ctx.db.$queryRaw<{ lo: Date | null; hi: Date | null }[]>(Prisma.sql`
        SELECT min(t.created_at) AS lo, max(t.created_at) AS hi FROM transactions t
        WHERE t.workspace_id = ${f.workspaceId}::uuid AND t.created_at >= ${new Date(at)} AND t.created_at < ${new Date(at + DAY_MS)}`);
      const lo = span?.lo ? new Date(span.lo).getTime() : at;
      const hi = span?.hi ? new Date(span.hi).getTime() + 1 : at + DAY_MS;
      const pieces = Math.ceil(rows / chunkRows);
      for (let i = 1; i < pieces; i++) cuts.push(lo + Math.floor(((hi - lo) * i) / pieces));
      held = 0;
    } else held += rows;
  }
  const unique = [...new Set(cuts)].sort((a, b) => a - b);
  if (unique.length === 0) return [{}];
  return [
    { to: new Date(unique[0] as number) },
    ...unique.slice(1).map((to, i) => ({ from: new Date(unique[i] as number), to: new Date(to) })),
    { from: new Date(unique.at(-1) as number) },
  ];
}

/** The condition of one slice over `transactions t`, or over the rollups' days (slices of whole days). */
export function chunkWhere(c: Chunk, on: 'rows' | 'days' = 'rows'): Prisma.Sql {
  const day = (at: Date) => at.toISOString().slice(0, 10);
  const parts =
    on === 'rows'
      ? [...(c.from ? [Prisma.sql`t.created_at >= ${c.from}`] : []), ...(c.to ? [Prisma.sql`t.created_at < ${c.to}`] : [])]
      : [...(c.from ? [Prisma.sql`t.day >= ${day(c.from)}::date`] : []), ...(c.to ? [Prisma.sql`t.day < ${day(c.to)}::date`] : [])];
  return parts.length ? Prisma.join(parts, ' AND ') : Prisma.sql`TRUE`;
}

/** A group's key columns and figures as a statement answers them (transaction-stats.ts). */
export type PartialRow = Record<string, unknown> & { count: number | string };

/**
 * Groups per JSON document of an answer. A large answer (tens of thousands of groups, megabytes)
 * comes as several documents, parsed one at a time with the event loop free between them: one
 * `JSON.parse` of the whole held the HTTP thread for tens of ms (docs/benchmarks.md, "Stall").
 * Small enough that a document's text (about 150 bytes a group) stays below V8's large-object
 * size (128 KB): such a string is born in the young generation and dies there once parsed; at
 * 2,000 groups (about 300 KB) every document went to the large-object space, swelling the old
 * generation whose collections paused the HTTP thread for up to ~120 ms under the 4-client attack.
 */
export const DOC_PART = 500;

/**
 * The statement answering the rows of `inner` as JSON arrays of at most DOC_PART objects (the rows'
 * columns as keys, as `json_agg` writes them), in the order of `order` (columns of `inner`) across
 * the arrays; no row when `inner` has none.
 */
export function docQuery(inner: Prisma.Sql, order: Prisma.Sql[]): Prisma.Sql {
  const by = order.length ? Prisma.sql`ORDER BY ${Prisma.join(order.map((k) => Prisma.sql`q.${k}`))}` : Prisma.empty;
  const part = Prisma.raw(`(n.i / ${DOC_PART})`);
  return Prisma.sql`SELECT json_agg(n.q ORDER BY n.i)::text AS doc
    FROM (SELECT q, row_number() OVER (${by}) - 1 AS i FROM (${inner}) q) n
    GROUP BY ${part} ORDER BY ${part}`;
}

/**
 * Runs a statement of `docQuery` and parses its documents into one array, each in a turn of its own
 * (cpu-turns.ts), its groups passed through `map` in the same turn: a parsed group is garbage at
 * once rather than held until every document is parsed and then mapped (it outlived the young
 * generation, and the old generation's collections paused the HTTP thread: docs/benchmarks.md, "Stall").
 */
export async function answerDoc(ctx: Ctx, query: Prisma.Sql): Promise<PartialRow[]>;
export async function answerDoc<R>(ctx: Ctx, query: Prisma.Sql, map: (row: PartialRow) => R): Promise<R[]>;
export async function answerDoc<R>(ctx: Ctx, query: Prisma.Sql, map?: (row: PartialRow) => R): Promise<(R | PartialRow)[]> {
  const parts = await ctx.db.$queryRaw<{ doc: string }[]>(query);
  const read = (doc: string) => {
    const groups = JSON.parse(doc) as PartialRow[];
    return map ? groups.map(map) : groups;
  };
  if (parts.length === 1) return read((parts[0] as { doc: string }).doc);
  const rows: (R | PartialRow)[] = [];
  for (const part of parts) for (const row of await inTurn(() => read(part.doc))) rows.push(row);
  return rows;
}

/**
 * Runs `query` on each slice, one statement at a time in the database's scan class (cheap
 * statements of anyone go first between them: src/db/fair-share.ts), then adds the groups up in
 * the database: counts as bigint, sums as numeric (exact; a sum's scale is its largest operand's,
 * as in one statement), ordered by the keys' text as the single statement orders them (or, when
 * the slices are whole days and the answer is ordered by day first, one after the other).
 */
export async function runChunked<R>(
  ctx: Ctx,
  chunks: Chunk[],
  query: (where: Prisma.Sql) => Prisma.Sql,
  shape: { keys: string[]; sums: boolean; on?: 'rows' | 'days' },
  map: (row: PartialRow) => R,
): Promise<R[]> {
  // Slices of whole days, in order, of an answer grouped by day first: each group is in one slice,
  // and the slices' answers, one after the other, are in the single statement's order already.
  if (shape.on === 'days' && shape.keys[0] === 'day') {
    const answer: R[] = [];
    for (const c of chunks) for (const row of await asScan(() => answerDoc(ctx, query(chunkWhere(c, 'days')), map))) answer.push(row);
    return answer;
  }
  const partial: PartialRow[] = [];
  for (const c of chunks) for (const row of await asScan(() => answerDoc(ctx, query(chunkWhere(c, shape.on))))) partial.push(row);
  const keys = shape.keys.map((k) => Prisma.raw(`"${k}"`));
  const columns = [
    ...shape.keys.map((k) => Prisma.raw(`"${k}" text`)),
    Prisma.raw('count bigint'),
    ...(shape.sums ? [Prisma.raw('amount numeric, fee numeric, total numeric')] : []),
  ];
  const sums = shape.sums
    ? Prisma.sql`, sum(p.amount)::text AS amount, sum(p.fee)::text AS fee, sum(p.total)::text AS total`
    : Prisma.empty;
  const inner = Prisma.sql`
    SELECT ${keys.length ? Prisma.sql`${Prisma.join(keys)},` : Prisma.empty} coalesce(sum(p.count), 0)::bigint AS count ${sums}
    FROM jsonb_to_recordset(${JSON.stringify(partial)}::jsonb) AS p(${Prisma.join(columns)})
    ${keys.length ? Prisma.sql`GROUP BY ${Prisma.join(keys)}` : Prisma.empty}`;
  return answerDoc(ctx, docQuery(inner, keys), map);
}
