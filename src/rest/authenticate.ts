import type { FastifyInstance } from 'fastify';
import { type Ctx, createContext, type Deps } from '../core/context.js';
import { authenticateRequest, requestOrigin } from '../http/request-caller.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's core context; set for every /api/v2 route before its handler. */
    ctx: Ctx;
  }
}

/** Every route registered in this scope requires credentials; failures become 401 problems. */
export function requireCredentials(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('ctx', null as unknown as Ctx);
  app.addHook('onRequest', async (request) => {
    const auth = await authenticateRequest(deps, request);
    request.ctx = createContext(deps, auth, { request: requestOrigin(request) });
  });
}
