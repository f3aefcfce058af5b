import { initTRPC, TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Authenticated, authenticate } from '../core/auth/authenticate.js';
import { type Ctx, createContext, type Deps } from '../core/context.js';
import { AppError, databaseFault, type ErrorCode, errorKinds } from '../core/errors.js';
import { authenticateRequest, requestOrigin, resumeRequestSession } from '../http/request-caller.js';
import { readSessionCookie, sameOriginWrite } from '../http/session-cookie.js';
import { markWrite, wroteRecently } from '../http/write-window.js';

export interface TrpcContext {
  deps: Deps;
  authorization: string | undefined;
  requestId: string;
  /** Present over HTTP (absent for in-process callers): cookies are read and set through them. */
  req?: FastifyRequest;
  reply?: FastifyReply;
}

// tRPC's own failures (unknown procedure, unparsable input) in the shared vocabulary.
const fromTrpcCode: Partial<Record<TRPCError['code'], ErrorCode>> = {
  PARSE_ERROR: 'MALFORMED_REQUEST',
  BAD_REQUEST: 'MALFORMED_REQUEST',
  NOT_FOUND: 'ROUTE_NOT_FOUND',
  METHOD_NOT_SUPPORTED: 'ROUTE_NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const app = error.cause instanceof AppError ? error.cause : databaseFault(error.cause);
    const code: ErrorCode = app?.code ?? fromTrpcCode[error.code] ?? 'INTERNAL';
    return {
      ...shape,
      message: code === 'INTERNAL' ? 'internal error' : shape.message,
      data: {
        code,
        trpcCode: shape.data.code,
        httpStatus: shape.data.httpStatus,
        errors: app?.errors ?? [],
        ...(app?.funds ? { funds: app.funds } : {}),
        path: shape.data.path,
      },
    };
  },
});

export const router = t.router;

/** Core errors become TRPCErrors carrying the AppError as cause (read by the formatter). */
const coreErrors = t.middleware(async ({ next }) => {
  const result = await next();
  const cause = result.ok ? undefined : result.error.cause;
  const app = result.ok ? undefined : cause instanceof AppError ? cause : databaseFault(cause);
  if (app) {
    throw new TRPCError({ code: errorKinds[app.code].trpc, message: app.message, cause: app });
  }
  return result;
});

/** A procedure any caller may reach (signing in); core errors still map. */
export const publicProcedure = t.procedure.use(coreErrors);

/**
 * The caller: an `Authorization` header (token or API key) wins; otherwise the dashboard's session
 * cookie, whose mutations must also pass the CSRF check (custom header, same Origin).
 */
async function callerOf(
  ctx: TrpcContext,
  type: 'query' | 'mutation' | 'subscription',
): Promise<Authenticated & { sessionExpiresAt?: Date }> {
  const cookie = ctx.req && !ctx.authorization ? readSessionCookie(ctx.req) : undefined;
  if (!cookie || !ctx.req) return ctx.req ? authenticateRequest(ctx.deps, ctx.req) : authenticate(ctx.deps, ctx.authorization);
  const session = await resumeRequestSession(ctx.deps, ctx.req, cookie);
  if (type !== 'query' && !sameOriginWrite(ctx.req, ctx.deps.publicUrl)) {
    throw new AppError('FORBIDDEN', 'cross-site request refused: send X-FAS-CSRF: 1 from this origin');
  }
  return { ...session, sessionExpiresAt: session.expiresAt };
}

/**
 * A procedure acting for an authenticated caller; `ctx.core` is the core context. The dashboard's
 * queries accept lists and aggregates from a replica, except just after the caller's own write.
 */
export const authedProcedure = t.procedure.use(coreErrors).use(async ({ ctx, type, next }) => {
  const auth = await callerOf(ctx, type);
  const core: Ctx = createContext(ctx.deps, auth, {
    ...(type === 'query' && !wroteRecently(ctx.req) ? { reads: 'replica' as const } : {}),
    request: ctx.req ? requestOrigin(ctx.req) : { requestId: ctx.requestId },
  });
  const result = await next({ ctx: { ...ctx, core, sessionExpiresAt: auth.sessionExpiresAt } });
  if (type === 'mutation' && result.ok && ctx.req && ctx.reply) markWrite(ctx.req, ctx.reply, ctx.deps);
  return result;
});

/** Passes input through untouched, typed for clients: the core validates it from the contract. */
export function typed<T>() {
  return (input: unknown) => input as T;
}
