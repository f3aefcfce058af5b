import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { type Page, skipTake } from '../pagination.js';
import { listReads } from '../read-routing.js';
import { validateQuery } from '../validation/validators.js';
import { type DeliveryDto, deliverySelect, toDeliveryDto } from './delivery-dto.js';

/** The delivery log of the caller's workspace, newest first. */
export async function listWebhookDeliveries(caller: Ctx, input: unknown): Promise<Page<DeliveryDto>> {
  const ctx = listReads(caller);
  const q = validateQuery('listWebhookDeliveries', input);
  const where: Prisma.WebhookDeliveryWhereInput = { workspaceId: ctx.workspaceId };
  if (q.targetId) where.targetId = q.targetId.toLowerCase();
  if (q.status) where.status = q.status;
  if (q.type) where.eventType = q.type;
  const [rows, total] = await Promise.all([
    ctx.db.webhookDelivery.findMany({ where, select: deliverySelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...skipTake(q) }),
    ctx.db.webhookDelivery.count({ where }),
  ]);
  return { data: rows.map(toDeliveryDto), page: q.page, limit: q.limit, total };
}
