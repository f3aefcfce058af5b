import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type RequestScope, withRequestScope } from '../core/request-scope.js';

/**
 * Gives every request an abort signal that fires when its client goes away before the answer is
 * sent, and runs the request's handlers with it in async context (with the caller, once known): the database layer cancels the
 * statement in progress (PostgreSQL) and starts no further one for it (src/db/request-signal.ts).
 */
export function abandonedRequests(app: FastifyInstance): void {
  const scopes = new WeakMap<FastifyRequest, RequestScope>();
  app.addHook('onRequest', (request, reply, done) => {
    const controller = new AbortController();
    // 'close' also comes after a complete answer; only an unfinished one means the client left.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const scope: RequestScope = { signal: controller.signal };
    scopes.set(request, scope);
    withRequestScope(scope, done);
  });
  // Reading the body runs in the socket's context; enter the request's again for the handler.
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) withRequestScope(scope, done);
    else done();
  });
}
