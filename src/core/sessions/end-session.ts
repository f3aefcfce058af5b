import { recordAudit } from '../audit/record-audit.js';
import { hashSecret } from '../auth/secrets.js';
import { createContext, type Deps, type RequestOrigin } from '../context.js';
import { looksLikeSessionSecret } from './session-policy.js';

/** Signs out: the session is ended server-side, so a copied cookie stops working too. Idempotent. */
export async function endSession(deps: Deps, secret: string | undefined, request?: RequestOrigin): Promise<{ signedOut: true }> {
  if (secret && looksLikeSessionSecret(secret)) {
    await deps.db.$transaction(async (tx) => {
      const session = await tx.dashboardSession.findFirst({
        where: { sessionHash: hashSecret(secret), endedAt: null },
        select: {
          id: true,
          adminToken: {
            select: { admin: { select: { id: true, email: true, role: true, workspace: { select: { id: true, sandbox: true } } } } },
          },
        },
      });
      if (!session) return;
      const ended = await tx.dashboardSession.updateMany({ where: { id: session.id, endedAt: null }, data: { endedAt: deps.clock.now() } });
      if (ended.count === 0) return;
      const admin = session.adminToken.admin;
      const ctx = createContext(
        deps,
        {
          workspaceId: admin.workspace.id,
          sandbox: admin.workspace.sandbox,
          actor: { kind: 'admin', role: admin.role, adminId: admin.id, email: admin.email },
        },
        request ? { request } : {},
      );
      await recordAudit(tx, ctx, { action: 'session.signed_out', object: { type: 'dashboard_session', id: session.id } });
    });
  }
  return { signedOut: true };
}
