import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from '../core/errors.js';
import { errorKinds, retryAfterSeconds } from '../core/errors.js';
import { sendProblem } from '../http/problem.js';
import { routedPath } from '../http/routed-path.js';

// JSON-RPC codes tRPC uses for these HTTP statuses (its own table, @trpc/server rpc/codes).
const JSON_RPC_CODE = { TOO_MANY_REQUESTS: -32029, SERVICE_UNAVAILABLE: -32603 } as const;

/**
 * Refuses a request before it reaches any protocol handler (rate limit, load shedding), in the
 * caller's protocol: a tRPC error envelope under /trpc (one per batched call), a GraphQL
 * `errors` document under /graphql, an RFC 9457 problem elsewhere. Same `code` and status in all.
 */
export function sendRejection(request: FastifyRequest, reply: FastifyReply, err: AppError): FastifyReply {
  // The routed path: `/%74rpc/a,b` is answered by tRPC, so it is refused in tRPC's shape too.
  const path = routedPath(request);
  const status = err.kind.http;
  const retryAfter = retryAfterSeconds(err);
  if (retryAfter !== undefined && !reply.hasHeader('retry-after')) reply.header('retry-after', String(retryAfter));
  if (path === '/trpc/:path') {
    const trpcCode = errorKinds[err.code].trpc;
    const procedures = ((request.params as { path?: string }).path ?? '').split(',');
    const one = (procedure: string) => ({
      error: {
        message: err.message,
        code: JSON_RPC_CODE[trpcCode as keyof typeof JSON_RPC_CODE] ?? -32603,
        data: { code: err.code, trpcCode, httpStatus: status, errors: [], path: procedure },
      },
    });
    // As tRPC reads it: the decoded query parameter.
    const batched = new URLSearchParams(request.url.split('?')[1] ?? '').get('batch') === '1';
    return reply
      .code(status)
      .type('application/json')
      .send(batched ? procedures.map(one) : one(procedures[0] ?? ''));
  }
  if (path === '/graphql') {
    return reply
      .code(status)
      .type('application/json')
      .send({ errors: [{ message: err.message, extensions: { code: err.code, requestId: request.id } }] });
  }
  return sendProblem(request, reply, err);
}
