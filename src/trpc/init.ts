import { initTRPC, TRPCError } from '@trpc/server';
import { authenticate } from '../core/auth/authenticate.js';
import { type Ctx, createContext, type Deps } from '../core/context.js';
import { AppError, type ErrorCode, errorKinds, isStatementTimeout, toAppError } from '../core/errors.js';

export interface TrpcContext {
  deps: Deps;
  authorization: string | undefined;
  requestId: string;
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
    const app = error.cause instanceof AppError ? error.cause : isStatementTimeout(error.cause) ? toAppError(error.cause) : undefined;
    const code: ErrorCode = app?.code ?? fromTrpcCode[error.code] ?? 'INTERNAL';
    return {
      ...shape,
      message: code === 'INTERNAL' ? 'internal error' : shape.message,
      data: {
        code,
        trpcCode: shape.data.code,
        httpStatus: shape.data.httpStatus,
        errors: app?.errors ?? [],
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
  if (!result.ok && (cause instanceof AppError || isStatementTimeout(cause))) {
    const app = toAppError(cause);
    throw new TRPCError({ code: errorKinds[app.code].trpc, message: app.message, cause: app });
  }
  return result;
});

/** A procedure acting for an authenticated caller; `ctx.core` is the core context. */
export const authedProcedure = t.procedure.use(coreErrors).use(async ({ ctx, next }) => {
  const auth = await authenticate(ctx.deps, ctx.authorization);
  const core: Ctx = createContext(ctx.deps, auth);
  return next({ ctx: { ...ctx, core } });
});

/** Passes input through untouched, typed for clients: the core validates it from the contract. */
export function typed<T>() {
  return (input: unknown) => input as T;
}
