import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { type CursorPage, decodeCursor, filterDigest, nextCursorOf, numberedPageHasMore, refusePageWithCursor } from '../cursor.js';
import { AppError } from '../errors.js';
import { skipTake } from '../pagination.js';
import { parseDateRange } from '../validation/date-range.js';
import { validateQuery } from '../validation/validators.js';
import type { StoredAuditRecord } from './audit-hash.js';

export type AuditRecordDto = Schemas['AuditRecord'];

export type AuditRow = StoredAuditRecord<AuditRecordDto['changes']> & { actorKind: AuditRecordDto['actor']['kind'] };

/** The audit log is for the workspace's admins and the operator: API keys and analysts are refused. */
export function requireAuditReader(ctx: Ctx): void {
  if (ctx.actor.kind === 'api_key' || ctx.actor.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'the audit log is for admins: use an admin token or an admin dashboard session');
  }
}

export function toAuditRecordDto(r: AuditRow): AuditRecordDto {
  return {
    seq: r.seq,
    occurredAt: r.occurredAt.toISOString(),
    actor: { kind: r.actorKind, id: r.actorId, name: r.actorName, role: r.actorRole },
    requestId: r.requestId,
    clientAddress: r.clientAddress,
    action: r.action,
    object: { type: r.objectType, id: r.objectId },
    changes: r.changes ?? null,
    prevHash: r.prevHash,
    hash: r.hash,
  };
}

export const AUDIT_COLUMNS = Prisma.sql`a.seq::text AS seq, a.occurred_at AS "occurredAt", a.actor_kind AS "actorKind",
  a.actor_id AS "actorId", a.actor_name AS "actorName", a.actor_role AS "actorRole", a.request_id AS "requestId",
  a.client_address AS "clientAddress", a.action, a.object_type AS "objectType", a.object_id AS "objectId", a.changes,
  a.prev_hash AS "prevHash", a.hash`;

/** The WHERE of a listing of the caller's audit log with the filters of `GET /api/v2/audit-log`. */
export function auditFilter(
  ctx: Ctx,
  q: { actorId?: string; action?: string; objectType?: string; objectId?: string; startDate?: string; endDate?: string },
) {
  const range = parseDateRange(q.startDate, q.endDate);
  const where = [Prisma.sql`a.workspace_id = ${ctx.workspaceId}::uuid`];
  if (q.actorId) where.push(Prisma.sql`a.actor_id = ${q.actorId.toLowerCase()}`);
  if (q.action) where.push(Prisma.sql`a.action = ${q.action}`);
  if (q.objectType) where.push(Prisma.sql`a.object_type = ${q.objectType}`);
  if (q.objectId) where.push(Prisma.sql`a.object_id = ${q.objectId.toLowerCase()}`);
  if (range.start)
    where.push(range.start.inclusive ? Prisma.sql`a.occurred_at >= ${range.start.at}` : Prisma.sql`a.occurred_at > ${range.start.at}`);
  if (range.end)
    where.push(range.end.inclusive ? Prisma.sql`a.occurred_at <= ${range.end.at}` : Prisma.sql`a.occurred_at < ${range.end.at}`);
  return Prisma.join(where, ' AND ');
}

/**
 * `listAuditLog`: the caller's workspace's audit records, newest first (by number), filtered by
 * actor, action, object and dates. Admins only. Reads the primary: a record must be visible the
 * moment its change is. By page number or after a cursor (`after`: keyset on `seq`, which the
 * indexes of (workspace_id[, filter], seq) hold, so records added since do not shift the pages).
 */
export async function listAuditLog(ctx: Ctx, input: unknown): Promise<CursorPage<AuditRecordDto>> {
  requireAuditReader(ctx);
  const q = validateQuery('listAuditLog', input);
  refusePageWithCursor(q);
  const filters = filterDigest(q);
  const condition = auditFilter(ctx, q);
  const key = q.after === undefined ? undefined : decodeCursor(ctx, 'audit-log', filters, q.after);
  const { skip, take } = skipTake(q);
  const page = key
    ? Prisma.sql`AND a.seq < ${key.at}::bigint ORDER BY a.seq DESC LIMIT ${take + 1}`
    : Prisma.sql`ORDER BY a.seq DESC LIMIT ${take} OFFSET ${skip}`;
  const [rows, [counted]] = await Promise.all([
    ctx.sql<AuditRow>(Prisma.sql`SELECT ${AUDIT_COLUMNS} FROM audit_records a WHERE ${condition} ${page}`),
    ctx.sql<{ total: number }>(Prisma.sql`SELECT count(*)::int AS total FROM audit_records a WHERE ${condition}`),
  ]);
  const total = counted?.total ?? 0;
  const data = rows.slice(0, take).map(toAuditRecordDto);
  const more = key ? rows.length > take : numberedPageHasMore(skip, take, data.length, total);
  const nextCursor = nextCursorOf(ctx, 'audit-log', filters, data, more, (r) => ({ at: r.seq, id: '' }));
  return { data, page: q.page, limit: q.limit, total, nextCursor };
}
