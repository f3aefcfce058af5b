import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import {
  afterKeyWhere,
  type CursorPage,
  decodeCursor,
  filterDigest,
  nextCursorOf,
  numberedPageHasMore,
  refusePageWithCursor,
} from '../cursor.js';
import { skipTake } from '../pagination.js';
import { listReads } from '../read-routing.js';
import { validateQuery } from '../validation/validators.js';
import { type DeliveryDto, deliverySelect, toDeliveryDto } from './delivery-dto.js';

/**
 * The delivery log of the caller's workspace, newest first (`created_at` desc, `id` desc); by
 * number (`page`) or after a cursor (`after`, keyset on the index of (workspace_id, created_at,
 * id): deliveries made or retried since do not shift the pages). Every page carries the cursor of
 * the next one.
 */
export async function listWebhookDeliveries(caller: Ctx, input: unknown): Promise<CursorPage<DeliveryDto>> {
  const ctx = listReads(caller);
  const q = validateQuery('listWebhookDeliveries', input);
  refusePageWithCursor(q);
  const filters = filterDigest(q);
  const where: Prisma.WebhookDeliveryWhereInput = { workspaceId: ctx.workspaceId };
  if (q.targetId) where.targetId = q.targetId.toLowerCase();
  if (q.status) where.status = q.status;
  if (q.type) where.eventType = q.type;
  const key = q.after === undefined ? undefined : decodeCursor(ctx, 'webhook-deliveries', filters, q.after);
  const paging = key ? { take: q.limit + 1 } : skipTake(q);
  const pageWhere: Prisma.WebhookDeliveryWhereInput = key ? { AND: [where, afterKeyWhere(key)] } : where;
  const [rows, total] = await Promise.all([
    ctx.db.webhookDelivery.findMany({
      where: pageWhere,
      select: deliverySelect,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      ...paging,
    }),
    ctx.db.webhookDelivery.count({ where }),
  ]);
  const data = rows.slice(0, q.limit).map(toDeliveryDto);
  const { skip, take } = skipTake(q);
  const more = key ? rows.length > q.limit : numberedPageHasMore(skip, take, data.length, total);
  const nextCursor = nextCursorOf(ctx, 'webhook-deliveries', filters, data, more, (d) => ({ at: d.createdAt, id: d.id }));
  return { data, page: q.page, limit: q.limit, total, nextCursor };
}
