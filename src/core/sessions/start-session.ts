import { Prisma } from '../../db/generated/prisma/client.js';
import { recordAudit } from '../audit/record-audit.js';
import { ADMIN_TOKEN_PREFIX, hashSecret, looksLikeSecret } from '../auth/secrets.js';
import { createContext, type Deps, type RequestOrigin } from '../context.js';
import type { Schemas } from '../contract.js';
import { AppError } from '../errors.js';
import { validateBody } from '../validation/validators.js';
import { newSessionSecret, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './session-policy.js';

export interface StartedSession {
  /** The cookie value: exists only in this return value. */
  secret: string;
  session: Schemas['DashboardSession'];
}

/**
 * Signs in to the dashboard: an admin or analyst token becomes a session whose secret goes into
 * a cookie. API keys are refused (the dashboard is for people). A bad token is UNAUTHENTICATED
 * with a message that never repeats it.
 */
export async function startSession(deps: Deps, input: unknown, request?: RequestOrigin): Promise<StartedSession> {
  const { token } = validateBody('DashboardSignInRequest', input);
  const trimmed = token.trim();
  if (!trimmed.startsWith(ADMIN_TOKEN_PREFIX)) {
    throw new AppError('UNAUTHENTICATED', 'sign in with an admin or analyst token (it starts with fas_at_)');
  }
  if (!looksLikeSecret(trimmed)) throw new AppError('UNAUTHENTICATED', 'this token is not valid');
  const rows = await deps.sql<{
    tokenId: string;
    adminId: string;
    email: string;
    role: Schemas['TeamMember']['role'];
    workspaceId: string;
    sandbox: boolean;
  }>(
    Prisma.sql`
      SELECT t.id::text AS "tokenId", a.id::text AS "adminId", a.email, a.role::text AS role, a.workspace_id::text AS "workspaceId", w.sandbox
      FROM admin_tokens t JOIN admins a ON a.id = t.admin_id JOIN workspaces w ON w.id = a.workspace_id
      WHERE t.token_hash = ${hashSecret(trimmed)} AND t.revoked_at IS NULL`,
  );
  const row = rows[0];
  if (!row) throw new AppError('UNAUTHENTICATED', 'this token is not valid (unknown or revoked)');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  const secret = newSessionSecret();
  const ctx = createContext(
    deps,
    {
      workspaceId: row.workspaceId,
      sandbox: row.sandbox,
      actor: { kind: 'admin', role: row.role, adminId: row.adminId, email: row.email },
    },
    request ? { request } : {},
  );
  await deps.db.$transaction(async (tx) => {
    const id = deps.ids.uuid();
    await tx.dashboardSession.create({
      data: { id, adminTokenId: row.tokenId, sessionHash: hashSecret(secret), lastSeenAt: now, expiresAt },
      select: { id: true },
    });
    await recordAudit(tx, ctx, {
      action: 'session.signed_in',
      object: { type: 'dashboard_session', id },
      changes: { expiresAt: { after: expiresAt.toISOString() } },
    });
  });
  return {
    secret,
    session: {
      email: row.email,
      role: row.role,
      workspaceId: row.workspaceId,
      sandbox: row.sandbox,
      expiresAt: expiresAt.toISOString(),
      idleTimeoutSeconds: SESSION_IDLE_MS / 1000,
    },
  };
}
