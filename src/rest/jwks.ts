import type { FastifyInstance } from 'fastify';
import type { Deps } from '../core/context.js';
import { getPublishedJwks } from '../core/webhooks/get-published-jwks.js';

/** `getJwks` in openapi.yaml: the public keys that verify webhook signatures; no authentication, cacheable 1 hour. */
export function jwksRoute(app: FastifyInstance, opts: { deps: Deps }): void {
  app.get('/.well-known/jwks.json', async (_req, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/json')
      .send(await getPublishedJwks(opts.deps)),
  );
}
