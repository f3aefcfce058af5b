import type { Schemas } from '../core/contract.js';
import { AppError } from '../core/errors.js';
import { endSession } from '../core/sessions/end-session.js';
import { SESSION_IDLE_MS } from '../core/sessions/session-policy.js';
import { startSession } from '../core/sessions/start-session.js';
import { requestOrigin } from '../http/request-caller.js';
import { clearSessionCookie, readSessionCookie, sameOriginWrite, setSessionCookie } from '../http/session-cookie.js';
import { authedProcedure, publicProcedure, router, typed } from './init.js';

/** Dashboard sign-in: a token in, an HttpOnly session cookie out (the token is not kept by the browser). */
export const sessionRouter = router({
  signIn: publicProcedure.input(typed<Schemas['DashboardSignInRequest']>()).mutation(async ({ ctx, input }) => {
    const { req, reply } = ctx;
    if (!req || !reply) throw new AppError('MALFORMED_REQUEST', 'sign-in needs an HTTP request');
    // Login CSRF: a foreign page must not sign a browser in to someone else's session.
    if (!sameOriginWrite(req, ctx.deps.publicUrl)) {
      throw new AppError('FORBIDDEN', 'cross-site request refused: send X-FAS-CSRF: 1 from this origin');
    }
    const started = await startSession(ctx.deps, input, requestOrigin(req));
    setSessionCookie(req, reply, ctx.deps.publicUrl, started.secret);
    return started.session;
  }),
  signOut: publicProcedure.mutation(async ({ ctx }) => {
    const { req, reply } = ctx;
    if (!req || !reply) return { signedOut: true as const };
    if (!sameOriginWrite(req, ctx.deps.publicUrl)) {
      throw new AppError('FORBIDDEN', 'cross-site request refused: send X-FAS-CSRF: 1 from this origin');
    }
    const result = await endSession(ctx.deps, readSessionCookie(req), requestOrigin(req));
    clearSessionCookie(req, reply, ctx.deps.publicUrl);
    return result;
  }),
  me: authedProcedure.query(({ ctx }): Schemas['DashboardSession'] => {
    const a = ctx.core.actor;
    return {
      email: a.kind === 'admin' ? a.email : a.kind === 'api_key' ? 'API key' : 'system',
      role: a.role,
      workspaceId: ctx.core.workspaceId,
      sandbox: ctx.core.sandbox,
      expiresAt: ctx.sessionExpiresAt?.toISOString() ?? null,
      idleTimeoutSeconds: ctx.sessionExpiresAt ? SESSION_IDLE_MS / 1000 : null,
    };
  }),
});
