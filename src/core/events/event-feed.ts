import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { type EventDto, type EventRow, toEventDto } from './event-dto.js';

/**
 * A place in the events feed: events are ordered by the database transaction that inserted them
 * (`tx_id`), then by insertion (`seq`). Both are bigints, kept as decimal strings.
 */
export interface FeedPosition {
  txId: string;
  seq: string;
}

const MAX_SEQ = '9223372036854775807';

/**
 * The feed's horizon: the oldest transaction of this database still running at the statement's
 * snapshot (or the snapshot's end when none is). An event committed later can only come from a
 * transaction at or past it, so it sorts after everything already read and a reader following the
 * feed never skips one. Transaction ids and snapshots are cluster-wide: a transaction left open in
 * another database of the same server cannot write here, so it is left out; only those known to be
 * another database's (its backend's or its prepared transaction's) are, so a transaction that ends
 * between the snapshot and the look-up still holds the horizon. (A long transaction of this
 * database holds the feed back until it ends.)
 */
const HORIZON = Prisma.sql`(SELECT least(pg_snapshot_xmax(s.snap)::text::bigint, (
    SELECT min(x.xid::text::bigint) FROM pg_snapshot_xip(s.snap) AS x(xid)
    WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.backend_xid = x.xid::xid AND a.datname <> current_database())
      AND NOT EXISTS (SELECT 1 FROM pg_prepared_xacts p WHERE p.transaction = x.xid::xid AND p.database <> current_database())))
  FROM (SELECT pg_current_snapshot() AS snap) s)`;

/** Only events of transactions before the horizon (`HORIZON`). */
export const FEED_HORIZON = Prisma.sql`e.tx_id < ${HORIZON}`;

export const afterPosition = (p: FeedPosition) => Prisma.sql`(e.tx_id, e.seq) > (${p.txId}::bigint, ${p.seq}::bigint)`;

/** Where an event of the workspace sits in the feed; 404 when there is none with this id (another workspace's, or pruned). */
export async function positionOf(ctx: Ctx, eventId: string): Promise<FeedPosition> {
  const [row] = await ctx.sql<FeedPosition>(Prisma.sql`
    SELECT tx_id::text AS "txId", seq::text AS seq FROM events
    WHERE id = ${eventId}::uuid AND workspace_id = ${ctx.workspaceId}::uuid`);
  if (!row) throw notFound('event');
  return row;
}

/** The end of the feed now: every event visible to a reader lies before it, every later one after. */
export async function endOfFeed(ctx: Ctx): Promise<FeedPosition> {
  const [row] = await ctx.sql<{ horizon: string }>(Prisma.sql`SELECT ${HORIZON}::text AS horizon`);
  return { txId: (BigInt(row!.horizon) - 1n).toString(), seq: MAX_SEQ };
}

/** Up to `limit` events of the workspace after `position`, oldest first, and the position after the last one. */
export async function readFeed(ctx: Ctx, position: FeedPosition, limit: number): Promise<{ events: EventDto[]; position: FeedPosition }> {
  const rows = await ctx.sql<EventRow & FeedPosition>(Prisma.sql`
    SELECT e.id, e.type, e.account_id, e.occurred_at, e.details, e.tx_id::text AS "txId", e.seq::text AS seq
    FROM events e
    WHERE e.workspace_id = ${ctx.workspaceId}::uuid AND ${FEED_HORIZON} AND ${afterPosition(position)}
    ORDER BY e.tx_id, e.seq
    LIMIT ${limit}`);
  const last = rows.at(-1);
  return { events: rows.map(toEventDto), position: last ? { txId: last.txId, seq: last.seq } : position };
}
