import type { FastifyInstance } from 'fastify';

const ALLOW_HEADERS = 'authorization, content-type, idempotency-key, x-request-id, trpc-accept';
const EXPOSE_HEADERS = 'x-request-id, idempotent-replayed, retry-after, ratelimit, ratelimit-policy, www-authenticate';

/**
 * CORS for the configured origins only (none by default). A listed origin gets its own origin
 * back and preflight answers; credentials mode is never allowed (the API takes credentials in
 * `Authorization`, which needs no cookies). Unlisted origins get no CORS header at all.
 */
export function cors(app: FastifyInstance, opts: { origins: string[] }): void {
  const allowed = new Set(opts.origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (allowed.size) reply.header('vary', 'Origin');
    const listed = typeof origin === 'string' && allowed.has(origin);
    if (listed) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', EXPOSE_HEADERS);
    }
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      if (listed) {
        reply.header('access-control-allow-methods', 'GET, POST, PATCH, DELETE');
        reply.header('access-control-allow-headers', ALLOW_HEADERS);
        reply.header('access-control-max-age', '600');
      }
      return reply.code(204).send();
    }
  });
}
