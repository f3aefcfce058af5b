import { requireCredentialManager } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';

/** `TeamMember` in openapi.yaml. */
export type AdminSummary = Schemas['TeamMember'];

/** The admins and analysts of the caller's workspace, oldest first (not for API keys). */
export async function listAdmins(ctx: Ctx): Promise<AdminSummary[]> {
  requireCredentialManager(ctx);
  const rows = await ctx.db.admin.findMany({
    where: { workspaceId: ctx.workspaceId },
    select: { id: true, email: true, role: true, createdAt: true, _count: { select: { tokens: { where: { revokedAt: null } } } } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map((r) => ({
    adminId: r.id,
    email: r.email,
    role: r.role,
    createdAt: r.createdAt.toISOString(),
    activeTokens: r._count.tokens,
  }));
}
