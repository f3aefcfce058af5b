import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.js';
import { sendProblem } from '../http/problem.js';
import type { Metrics } from './metrics.js';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `/metrics` on the API's port, for the operator's token only: metrics span every workspace, so a
 * workspace's API key or admin token (a tenant's credential) must not read them.
 */
export function metricsRoute(app: FastifyInstance, opts: { metrics: Metrics; token: string }): void {
  app.get('/metrics', async (request, reply) => {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !given || !sameSecret(given, opts.token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return sendProblem(request, reply, new AppError('UNAUTHENTICATED', 'metrics need Authorization: Bearer <FAS_METRICS_TOKEN>'));
    }
    reply.header('cache-control', 'no-store').type(opts.metrics.registry.contentType);
    return opts.metrics.registry.metrics();
  });
}

/** `/metrics` on a listener of its own (FAS_METRICS_ADDRESS), for `fas serve` and `fas worker` alike. */
export async function startMetricsServer(metrics: Metrics, address: { host: string; port: number }): Promise<Server> {
  const server = createServer(async (req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    try {
      const body = await metrics.registry.metrics();
      res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(body);
    } catch {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => resolve());
  });
  return server;
}
