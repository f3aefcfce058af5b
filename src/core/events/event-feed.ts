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
 * Only transactions older than every one still running: an event committed later can only come
 * from a transaction at or past this horizon, so it sorts after everything already read and a
 * reader following the feed never skips one. (A long transaction holds the feed back until it ends.)
 */
export const FEED_HORIZON = Prisma.sql`e.tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

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
  const [row] = await ctx.sql<{ xmin: string }>(Prisma.sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`);
  return { txId: (BigInt(row!.xmin) - 1n).toString(), seq: MAX_SEQ };
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
