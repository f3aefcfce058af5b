import type { FastifyInstance } from 'fastify';
import { contractText } from '../core/validation/contract-document.js';

/** Unauthenticated operational routes: liveness, readiness, the contract. */
export function operationRoutes(app: FastifyInstance, opts: { ping: () => Promise<boolean> }): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const ok = await opts.ping();
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: ok ? 'ok' : 'unavailable' });
  });
  app.get('/openapi.yaml', async (_req, reply) => reply.type('application/yaml').send(contractText()));
}
