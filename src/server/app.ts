import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Deps } from '../core/context.js';
import { AppError } from '../core/errors.js';
import { graphqlRoute } from '../graphql/yoga.js';
import { safeError } from '../logging/safe-error.js';
import { restApi } from '../rest/api.js';
import { jwksRoute } from '../rest/jwks.js';
import { operationRoutes } from '../rest/operations.js';
import { fromFastifyError, sendProblem } from '../rest/problem.js';
import { verificationPageRoute } from '../rest/verification-page.js';
import { trpcPlugin } from '../trpc/plugin.js';
import { dashboardRoutes } from './pages/dashboard.js';
import { docsRoutes } from './pages/docs.js';
import { landingRoute } from './pages/landing.js';

export interface AppOptions {
  deps: Deps;
  ping: () => Promise<boolean>;
  /** pino level, or false for no logs (tests). */
  logLevel: string | false;
  graphiql: boolean;
  bodyLimitBytes: number;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** One Fastify instance serving REST, /trpc and /graphql over the same core. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logLevel === false
        ? false
        : {
            level: opts.logLevel,
            // Paths only: query strings may carry search terms such as emails.
            serializers: {
              req: (req) => ({ method: req.method, path: req.url.split('?')[0], remoteAddress: req.ip }),
            },
          },
    bodyLimit: opts.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    return503OnClosing: true,
  });

  // Bodies are JSON or nothing: a text/plain body is refused (415) rather than parsed as a string.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setErrorHandler((err, request, reply) => {
    const appError = err instanceof AppError ? err : fromFastifyError(err);
    if (appError.code === 'INTERNAL') request.log.error({ err: safeError(err) }, 'internal error');
    return sendProblem(request, reply, appError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(request, reply, new AppError('ROUTE_NOT_FOUND', `no route ${request.method} ${request.url.split('?')[0]}`)),
  );

  operationRoutes(app, { ping: opts.ping });
  landingRoute(app);
  docsRoutes(app);
  dashboardRoutes(app);
  verificationPageRoute(app, { deps: opts.deps });
  jwksRoute(app, { deps: opts.deps });
  await app.register(restApi, { deps: opts.deps });
  await app.register(trpcPlugin, { deps: opts.deps });
  graphqlRoute(app, { deps: opts.deps, graphiql: opts.graphiql });
  return app;
}
