import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { assertUuid } from '../validation/uuid.js';
import { type EventDto, type EventRow, toEventDto } from './event-dto.js';

/** `getEvent`: one event of the workspace with its webhook payload; another workspace's id is 404. */
export async function getEvent(ctx: Ctx, input: { eventId: string }): Promise<EventDto> {
  const id = assertUuid('eventId', input.eventId);
  const [row] = await ctx.sql<EventRow>(Prisma.sql`
    SELECT e.id, e.type, e.account_id, e.occurred_at, e.details FROM events e
    WHERE e.id = ${id}::uuid AND e.workspace_id = ${ctx.workspaceId}::uuid`);
  if (!row) throw notFound('event');
  return toEventDto(row);
}
