import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Listen } from '../core/auth/credential-cache.js';
import type { Deps } from '../core/context.js';
import { AppError } from '../core/errors.js';
import { DEFAULTS } from '../defaults.js';
import { graphqlRoute } from '../graphql/yoga.js';
import { fromFastifyError, sendProblem } from '../http/problem.js';
import { logPath } from '../logging/log-path.js';
import { safeError } from '../logging/safe-error.js';
import { dashboardRoutes } from '../pages/dashboard.js';
import { dashboardDocumentRoutes } from '../pages/dashboard-documents.js';
import { dashboardExportRoutes } from '../pages/dashboard-export.js';
import { docsRoutes } from '../pages/docs.js';
import { faviconRoute } from '../pages/favicon.js';
import { holderAssetRoutes } from '../pages/holder/assets.js';
import { holderRoutes } from '../pages/holder/holder-routes.js';
import { landingRoute } from '../pages/landing.js';
import { problemRoutes } from '../pages/problems.js';
import { restApi } from '../rest/api.js';
import type { StreamOptions } from '../rest/event-stream.js';
import { frameworkErrorOptions } from '../rest/framework-errors.js';
import { boundedJsonBodies } from '../rest/json-body.js';
import { jwksRoute } from '../rest/jwks.js';
import { operationRoutes } from '../rest/operations.js';
import { workspaceLogoRoute } from '../rest/workspace-logo.js';
import { trpcPlugin } from '../trpc/plugin.js';
import { abandonedRequests } from './abandoned-requests.js';
import { cors } from './cors.js';
import { loadShedding, type SheddingOptions } from './load-shedding.js';
import type { Metrics } from './metrics.js';
import { metricsRoute } from './metrics-route.js';
import { type RateLimitOptions, rateLimit } from './rate-limit.js';
import { securityHeaders } from './security-headers.js';
import { serverTimeouts, type TimeoutOptions } from './timeouts.js';

export interface AppOptions {
  deps: Deps;
  ping: () => Promise<boolean>;
  /** pino level, or false for no logs (tests). */
  logLevel: string | false;
  graphiql: boolean;
  bodyLimitBytes: number;
  /** Origins allowed cross-origin; none when left out. */
  corsOrigins?: string[];
  /** Strict-Transport-Security on every response (the public URL is https). */
  hsts?: boolean;
  /** Left out: no rate limit (tests that do not exercise it). */
  rateLimit?: RateLimitOptions;
  /** Left out: no load shedding. */
  shedding?: SheddingOptions;
  /** Left out: the defaults (src/defaults.ts). */
  timeouts?: TimeoutOptions;
  /** Left out: no metrics. With a token, `/metrics` is served on this port to that bearer token. */
  metrics?: { metrics: Metrics; token: string | undefined };
  /** Sees every route as it is added (test/contract/routes.test.ts compares them with openapi.yaml). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * The database's LISTEN (`Database.listen`): with it, authentications are remembered in
   * `deps.credentials` and forgotten on every change to a credential; left out, every request
   * queries its credential.
   */
  listen?: Listen;
  /** Left out: the event stream's defaults (src/rest/event-stream.ts); tests shorten them. */
  streams?: Partial<StreamOptions>;
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
            serializers: {
              // The verification link's token is a credential: never logged.
              req: (req) => ({ method: req.method, path: logPath(req.url), remoteAddress: req.ip }),
            },
          },
    bodyLimit: opts.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    return503OnClosing: true,
    ...frameworkErrorOptions(),
  });

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  if (opts.listen && opts.deps.credentials) {
    const unwatch = await opts.deps.credentials.watch(opts.listen);
    app.addHook('onClose', async () => unwatch());
  }

  // Bodies are JSON or nothing: a text/plain body is refused (415) rather than parsed as a string.
  app.removeContentTypeParser('text/plain');
  boundedJsonBodies(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  abandonedRequests(app);
  serverTimeouts(
    app,
    opts.timeouts ?? {
      headersMs: DEFAULTS.headersTimeoutMs,
      requestMs: DEFAULTS.requestTimeoutMs,
      keepAliveMs: DEFAULTS.keepAliveTimeoutMs,
    },
  );
  securityHeaders(app, { hsts: opts.hsts ?? false });
  cors(app, { origins: opts.corsOrigins ?? [] });
  if (opts.shedding) loadShedding(app, opts.shedding);
  if (opts.rateLimit) rateLimit(app, { ...opts.rateLimit, deps: opts.deps });
  if (opts.metrics) {
    const { database } = opts.metrics.metrics;
    app.addHook('onClose', async () => database.stop());
    opts.metrics.metrics.instrument(app);
    if (opts.metrics.token) metricsRoute(app, { metrics: opts.metrics.metrics, token: opts.metrics.token });
  }

  app.setErrorHandler((err, request, reply) => {
    const appError = err instanceof AppError ? err : fromFastifyError(err);
    if (appError.code === 'INTERNAL') request.log.error({ err: safeError(err) }, 'internal error');
    else if (appError.code === 'DATABASE_UNAVAILABLE') request.log.warn({ err: safeError(err) }, 'database unavailable');
    return sendProblem(request, reply, appError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(request, reply, new AppError('ROUTE_NOT_FOUND', `no route ${request.method} ${request.url.split('?')[0]}`)),
  );

  operationRoutes(app, { ping: opts.ping });
  holderRoutes(app, { deps: opts.deps });
  holderAssetRoutes(app);
  landingRoute(app);
  faviconRoute(app);
  docsRoutes(app);
  problemRoutes(app);
  dashboardRoutes(app);
  dashboardExportRoutes(app, { deps: opts.deps });
  dashboardDocumentRoutes(app, { deps: opts.deps });
  jwksRoute(app, { deps: opts.deps });
  workspaceLogoRoute(app, { deps: opts.deps });
  await app.register(restApi, { deps: opts.deps, ...(opts.streams ? { streams: opts.streams } : {}) });
  await app.register(trpcPlugin, { deps: opts.deps });
  graphqlRoute(app, { deps: opts.deps, graphiql: opts.graphiql });
  return app;
}
