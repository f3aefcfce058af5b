import { DatabaseShareExceeded } from '../db/fair-share.js';
import { RequestAbandonedError } from '../db/request-signal.js';
import type { Schemas } from './contract.js';
import { isTransientDatabaseFault } from './database-faults.js';

/** The closed set of error codes, taken from the contract (`ErrorCode` in openapi.yaml). */
export type ErrorCode = Schemas['ErrorCode'];

/** One refused field (openapi.yaml `FieldError`): a machine code with its params, and the English message. */
export type FieldError = Schemas['FieldError'];
export type FieldErrorCode = Schemas['FieldErrorCode'];
export type FieldErrorParams = Schemas['FieldErrorParams'];

/** A field error: `fieldError('name', 'too_long', 'must be at most 100 characters', { limit: 100 })`. */
export function fieldError(field: string, code: FieldErrorCode, message: string, params?: FieldErrorParams): FieldError {
  return params ? { field, code, params, message } : { field, code, message };
}

/** tRPC's code names, spelled here so the core does not import tRPC. */
type TrpcCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

interface ErrorKind {
  http: number;
  trpc: TrpcCode;
  title: string;
}

/** The one table every adapter uses; `satisfies` makes the compiler keep it complete. */
export const errorKinds = {
  MALFORMED_REQUEST: { http: 400, trpc: 'BAD_REQUEST', title: 'Malformed request' },
  VALIDATION_FAILED: { http: 400, trpc: 'BAD_REQUEST', title: 'Invalid request' },
  UNAUTHENTICATED: { http: 401, trpc: 'UNAUTHORIZED', title: 'Authentication required' },
  FORBIDDEN: { http: 403, trpc: 'FORBIDDEN', title: 'Not allowed for this role' },
  NOT_FOUND: { http: 404, trpc: 'NOT_FOUND', title: 'Not found' },
  ROUTE_NOT_FOUND: { http: 404, trpc: 'NOT_FOUND', title: 'No such route' },
  INVALID_STATE: { http: 409, trpc: 'CONFLICT', title: 'Not allowed in the current state' },
  INSUFFICIENT_FUNDS: { http: 409, trpc: 'CONFLICT', title: 'Insufficient funds' },
  LIMIT_REACHED: { http: 409, trpc: 'CONFLICT', title: 'Limit reached' },
  IDEMPOTENCY_KEY_REUSED: { http: 409, trpc: 'CONFLICT', title: 'Idempotency key reused' },
  IDEMPOTENCY_KEY_IN_USE: { http: 409, trpc: 'CONFLICT', title: 'Idempotency key in use' },
  PAYLOAD_TOO_LARGE: { http: 413, trpc: 'PAYLOAD_TOO_LARGE', title: 'Payload too large' },
  UNSUPPORTED_MEDIA_TYPE: { http: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE', title: 'Unsupported media type' },
  RATE_LIMITED: { http: 429, trpc: 'TOO_MANY_REQUESTS', title: 'Too many requests' },
  OVERLOADED: { http: 503, trpc: 'SERVICE_UNAVAILABLE', title: 'Service overloaded' },
  LINK_EXPIRED: { http: 410, trpc: 'NOT_FOUND', title: 'Link expired' },
  TOO_MANY_ATTEMPTS: { http: 429, trpc: 'TOO_MANY_REQUESTS', title: 'Too many attempts' },
  // Raised by the HTTP layer before any route runs; tRPC and GraphQL see them as HTTP answers.
  URI_TOO_LONG: { http: 414, trpc: 'BAD_REQUEST', title: 'Path parameter too long' },
  HEADERS_TOO_LARGE: { http: 431, trpc: 'BAD_REQUEST', title: 'Request headers too large' },
  REQUEST_TIMEOUT: { http: 408, trpc: 'BAD_REQUEST', title: 'Request timeout' },
  QUERY_TIMEOUT: { http: 503, trpc: 'SERVICE_UNAVAILABLE', title: 'Query timed out' },
  DATABASE_UNAVAILABLE: { http: 503, trpc: 'SERVICE_UNAVAILABLE', title: 'Database unavailable' },
  INTERNAL: { http: 500, trpc: 'INTERNAL_SERVER_ERROR', title: 'Internal error' },
  // Raised on /graphql only, before any resolver runs (graphql-yoga's codes and the query limits).
  GRAPHQL_PARSE_FAILED: { http: 400, trpc: 'BAD_REQUEST', title: 'Not a GraphQL document' },
  GRAPHQL_VALIDATION_FAILED: { http: 400, trpc: 'BAD_REQUEST', title: 'Does not fit the schema' },
  BAD_USER_INPUT: { http: 400, trpc: 'BAD_REQUEST', title: 'Invalid variables' },
  QUERY_TOO_COMPLEX: { http: 400, trpc: 'BAD_REQUEST', title: 'Query too complex' },
  GRAPHQL_OPERATION_INVALID: { http: 400, trpc: 'BAD_REQUEST', title: 'No operation to run' },
} as const satisfies Record<ErrorCode, ErrorKind>;

/** What an INSUFFICIENT_FUNDS error carries (the problem document's `funds`). */
export type InsufficientFunds = Schemas['InsufficientFunds'];

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  readonly funds: InsufficientFunds | undefined;

  constructor(code: ErrorCode, message: string, errors?: FieldError[], extra?: { funds?: InsufficientFunds }) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.errors = errors;
    this.funds = extra?.funds;
  }

  get kind(): ErrorKind {
    return errorKinds[this.code];
  }
}

export function validationError(errors: FieldError[]): AppError {
  const detail = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
  return new AppError('VALIDATION_FAILED', detail || 'invalid input', errors);
}

export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} not found`);
}

// PostgreSQL's query_canceled: raised by statement_timeout (and by a cancelled statement).
const QUERY_CANCELED = '57014';

/**
 * Whether a database failure, however wrapped (Prisma, adapter, driver), is a cancelled statement:
 * by the statement timeout, or because the request's client went away (then nobody reads the
 * answer, and it is no server fault either).
 */
export function isStatementTimeout(err: unknown): boolean {
  const seen = new Set<unknown>();
  type Wrapped = { code?: unknown; cause?: unknown; meta?: { code?: unknown; driverAdapterError?: unknown }; originalCode?: unknown };
  // Prisma keeps the adapter's error in meta.driverAdapterError, the adapter the driver's in cause.
  const queue: unknown[] = [err];
  while (queue.length > 0) {
    const e = queue.shift() as Wrapped | undefined;
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (e instanceof RequestAbandonedError) return true;
    if (e.code === QUERY_CANCELED || e.originalCode === QUERY_CANCELED || e.meta?.code === QUERY_CANCELED) return true;
    queue.push(e.cause, e.meta?.driverAdapterError);
  }
  return false;
}

const SHARE_EXCEEDED = /this workspace's database calls have waited \d+ ms for its share of the database/;

/** Whether a failure, however wrapped, is a call refused because its workspace's own database queue waited too long (src/db/fair-share.ts). */
export function isShareExceeded(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0) {
    const e = queue.shift() as { cause?: unknown; message?: unknown; meta?: { driverAdapterError?: unknown } } | undefined;
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    // Prisma quotes a driver's own error in its message only.
    if (e instanceof DatabaseShareExceeded || (typeof e.message === 'string' && SHARE_EXCEEDED.test(e.message))) return true;
    queue.push(e.cause, e.meta?.driverAdapterError);
  }
  return false;
}

/**
 * A database failure the client may retry as it is (a statement timeout, a database unreachable or
 * restarting) as its AppError; undefined for anything else.
 */
export function databaseFault(err: unknown): AppError | undefined {
  if (isStatementTimeout(err)) return new AppError('QUERY_TIMEOUT', 'the request took longer than the database statement timeout');
  if (isShareExceeded(err)) {
    return new AppError('OVERLOADED', "this workspace's database calls are queued past its share of the database; retry after 1 s");
  }
  if (isTransientDatabaseFault(err)) {
    return new AppError(
      'DATABASE_UNAVAILABLE',
      'the database is unavailable for a moment (restarting, unreachable or out of connections); nothing was done, retry after 1 s',
    );
  }
  return undefined;
}

/** Any thrown value as an AppError; unknown failures become INTERNAL without their message. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return databaseFault(err) ?? new AppError('INTERNAL', 'internal error');
}

/** Seconds to send as `Retry-After` with this error: set for the transient ones nothing was done for. */
export function retryAfterSeconds(err: AppError): number | undefined {
  return err.code === 'QUERY_TIMEOUT' || err.code === 'DATABASE_UNAVAILABLE' || err.code === 'OVERLOADED' ? 1 : undefined;
}
