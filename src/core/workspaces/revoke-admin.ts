import { recordAudit } from '../audit/record-audit.js';
import { requireCredentialManager, requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { AppError, notFound } from '../errors.js';
import { assertUuid } from '../validation/uuid.js';

export interface RevokeAdminInput {
  adminId: string;
}

/** `RevokedAdmin` in openapi.yaml: tokens revoked and sessions ended by this call (0 when done before). */
export type RevokedAdmin = Schemas['RevokedAdmin'];

/**
 * Revokes every token of an admin or analyst of the caller's workspace and ends the dashboard
 * sessions opened with them: their next request is refused, in this process at once and in the
 * others when the change's notification arrives (see credential-cache.ts). Revoking twice changes
 * nothing. People manage people: API keys are refused, and so is revoking one's own access (which
 * would end the session doing it; `fas admin revoke` can).
 */
export async function revokeAdmin(ctx: Ctx, input: RevokeAdminInput): Promise<RevokedAdmin> {
  requireCredentialManager(ctx);
  requireWriter(ctx);
  const adminId = assertUuid('adminId', input?.adminId);
  if (ctx.actor.kind === 'admin' && ctx.actor.adminId === adminId) {
    throw new AppError('INVALID_STATE', 'you cannot revoke your own access; another admin (or `fas admin revoke`) can');
  }
  const result = await ctx.db.$transaction(async (tx) => {
    const admin = await tx.admin.findFirst({ where: { id: adminId, workspaceId: ctx.workspaceId }, select: { id: true, email: true } });
    if (!admin) throw notFound('admin');
    const now = ctx.clock.now();
    const tokens = await tx.adminToken.findMany({ where: { adminId, revokedAt: null }, select: { id: true } });
    const ids = tokens.map((t) => t.id);
    const revoked = ids.length ? await tx.adminToken.updateMany({ where: { id: { in: ids } }, data: { revokedAt: now } }) : { count: 0 };
    const ended = await tx.dashboardSession.updateMany({
      where: { endedAt: null, adminToken: { adminId } },
      data: { endedAt: now },
    });
    await recordAudit(tx, ctx, {
      action: 'admin.revoked',
      object: { type: 'admin', id: admin.id },
      changes: { email: { before: admin.email }, revokedTokens: { after: revoked.count }, endedSessions: { after: ended.count } },
    });
    return { adminId: admin.id, email: admin.email, revokedTokens: revoked.count, endedSessions: ended.count };
  });
  ctx.credentials?.clear();
  return result;
}
