import { Prisma } from '../../db/generated/prisma/client.js';
import type { Authenticated } from '../auth/authenticate.js';
import { hashSecret } from '../auth/secrets.js';
import type { Deps } from '../context.js';
import type { Schemas } from '../contract.js';
import { AppError } from '../errors.js';
import { looksLikeSessionSecret, SESSION_IDLE_MS, SESSION_TOUCH_MS } from './session-policy.js';

export interface ResumedSession extends Authenticated {
  sessionId: string;
  expiresAt: Date;
}

const expired = () => new AppError('UNAUTHENTICATED', 'your session has ended; sign in again');

/**
 * The caller behind a session cookie. A session is live while it was not ended, is within its
 * absolute expiry, was used within the idle limit and its admin token is not revoked. Use is
 * recorded (at most once a minute) so the idle limit slides.
 */
export async function resumeSession(deps: Deps, secret: string): Promise<ResumedSession> {
  if (!looksLikeSessionSecret(secret)) throw expired();
  const now = deps.clock.now();
  const rows = await deps.sql<{
    sessionId: string;
    lastSeenAt: Date;
    expiresAt: Date;
    adminId: string;
    email: string;
    role: Schemas['TeamMember']['role'];
    workspaceId: string;
    sandbox: boolean;
  }>(Prisma.sql`
    SELECT s.id::text AS "sessionId", s.last_seen_at AS "lastSeenAt", s.expires_at AS "expiresAt",
           a.id::text AS "adminId", a.email, a.role::text AS role, a.workspace_id::text AS "workspaceId", w.sandbox
    FROM dashboard_sessions s
    JOIN admin_tokens t ON t.id = s.admin_token_id
    JOIN admins a ON a.id = t.admin_id JOIN workspaces w ON w.id = a.workspace_id
    WHERE s.session_hash = ${hashSecret(secret)} AND s.ended_at IS NULL AND t.revoked_at IS NULL`);
  const row = rows[0];
  if (!row) throw expired();
  const lastSeen = new Date(row.lastSeenAt).getTime();
  const expiresAt = new Date(row.expiresAt);
  if (expiresAt.getTime() <= now.getTime() || now.getTime() - lastSeen >= SESSION_IDLE_MS) throw expired();
  if (now.getTime() - lastSeen >= SESSION_TOUCH_MS) {
    await deps.db.dashboardSession.update({ where: { id: row.sessionId }, data: { lastSeenAt: now }, select: { id: true } });
  }
  return {
    sessionId: row.sessionId,
    expiresAt,
    workspaceId: row.workspaceId,
    sandbox: row.sandbox,
    actor: { kind: 'admin', role: row.role, adminId: row.adminId, email: row.email },
  };
}
