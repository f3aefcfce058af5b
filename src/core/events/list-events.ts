import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { fieldError, validationError } from '../errors.js';
import { type Page, skipTake } from '../pagination.js';
import { bulkReads } from '../read-routing.js';
import { parseDateRange } from '../validation/date-range.js';
import { validateQuery } from '../validation/validators.js';
import { type EventDto, type EventRow, toEventDto } from './event-dto.js';
import { afterPosition, FEED_HORIZON, positionOf } from './event-feed.js';

/**
 * `listEvents`: the workspace's events with their webhook payloads. Newest first by default;
 * `order=asc` and `after` read the feed (commit order, oldest first) for sync loops. The newest-first
 * list may come from a replica; the feed reads the primary, whose running transactions its horizon is
 * about, so a sync loop never misses an event.
 */
export async function listEvents(caller: Ctx, input: unknown): Promise<Page<EventDto>> {
  const q = validateQuery('listEvents', input);
  if (q.after && q.order === 'desc')
    throw validationError([fieldError('order', 'not_allowed', 'must be asc (or omitted) with after', { allowed: ['asc'] })]);
  if (q.after && q.page !== 1)
    throw validationError([fieldError('page', 'invalid', 'must be 1 with after: pass the last id read instead')]);
  const range = parseDateRange(q.startDate, q.endDate);
  const feed = q.after !== undefined || q.order === 'asc';
  const ctx = feed ? caller : bulkReads(caller);
  const where = [Prisma.sql`e.workspace_id = ${ctx.workspaceId}::uuid`];
  if (q.type) where.push(Prisma.sql`e.type = ${q.type}`);
  if (q.accountId) where.push(Prisma.sql`e.account_id = ${q.accountId.toLowerCase()}::uuid`);
  if (range.start)
    where.push(range.start.inclusive ? Prisma.sql`e.occurred_at >= ${range.start.at}` : Prisma.sql`e.occurred_at > ${range.start.at}`);
  if (range.end)
    where.push(range.end.inclusive ? Prisma.sql`e.occurred_at <= ${range.end.at}` : Prisma.sql`e.occurred_at < ${range.end.at}`);
  if (feed) where.push(FEED_HORIZON);
  if (q.after) where.push(afterPosition(await positionOf(ctx, q.after.toLowerCase())));
  const condition = Prisma.join(where, ' AND ');
  const order = feed ? Prisma.sql`e.tx_id, e.seq` : Prisma.sql`e.occurred_at DESC, e.id DESC`;
  const { skip, take } = skipTake(q);
  // Every event of the workspace, or of one type (the newest pages): the kept counts (migrations
  // event_counts, event_counts_by_type), not a count of every row.
  const kept = !feed && !q.accountId && !range.start && !range.end;
  const total = kept
    ? Prisma.sql`SELECT coalesce(sum(n), 0)::int AS total FROM event_counts
        WHERE workspace_id = ${ctx.workspaceId}::uuid${q.type ? Prisma.sql` AND type = ${q.type}` : Prisma.empty}`
    : Prisma.sql`SELECT count(*)::int AS total FROM events e WHERE ${condition}`;
  const [rows, [counted]] = await Promise.all([
    ctx.sql<EventRow>(Prisma.sql`
      SELECT e.id, e.type, e.account_id, e.occurred_at, e.details FROM events e
      WHERE ${condition} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`),
    ctx.sql<{ total: number }>(total),
  ]);
  return { data: rows.map(toEventDto), page: q.page, limit: q.limit, total: counted?.total ?? 0 };
}
