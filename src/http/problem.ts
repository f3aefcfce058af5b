import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, databaseFault, retryAfterSeconds } from '../core/errors.js';

// A reference resolved against the request's URL: each names a page this server serves (src/pages/problems.ts).
const PROBLEMS = '/problems/';

/** The RFC 9457 document for an error; `detail` of INTERNAL never carries internals. */
export function problemOf(err: AppError, requestId: string) {
  const kind = err.kind;
  return {
    type: PROBLEMS + err.code.toLowerCase().replace(/_/g, '-'),
    title: kind.title,
    status: kind.http,
    detail: err.message,
    code: err.code,
    ...(err.errors?.length ? { errors: err.errors } : {}),
    ...(err.funds ? { funds: err.funds } : {}),
    requestId,
  };
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, err: AppError): FastifyReply {
  if (err.code === 'UNAUTHENTICATED' && !reply.hasHeader('www-authenticate'))
    reply.header('www-authenticate', 'Bearer realm="fas", APIKey realm="fas"');
  const retryAfter = retryAfterSeconds(err);
  if (retryAfter !== undefined && !reply.hasHeader('retry-after')) reply.header('retry-after', String(retryAfter));
  return reply.code(err.kind.http).type('application/problem+json').send(problemOf(err, request.id));
}

/** Fastify's own errors (body parsing, limits) as AppErrors; anything else is INTERNAL. */
export function fromFastifyError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const fault = databaseFault(err);
  if (fault) return fault;
  const e = err as { statusCode?: number; code?: string; message?: string };
  switch (e.statusCode) {
    case 413:
      return new AppError('PAYLOAD_TOO_LARGE', 'request body is larger than the 1 MiB limit');
    case 415:
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'request body must be application/json');
    case 400:
      if (e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return new AppError('MALFORMED_REQUEST', 'request body is empty but Content-Type is application/json');
      }
      return new AppError(
        'MALFORMED_REQUEST',
        e.code?.startsWith('FST_ERR_CTP') || e instanceof SyntaxError ? 'request body is not valid JSON' : 'malformed request',
      );
    default:
      if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return new AppError('MALFORMED_REQUEST', 'malformed request');
      return new AppError('INTERNAL', 'internal error');
  }
}
