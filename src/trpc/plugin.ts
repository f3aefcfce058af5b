import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../core/context.js';
import { AppError, retryAfterSeconds } from '../core/errors.js';
import { safeError } from '../logging/safe-error.js';
import { type AppRouter, appRouter } from './router.js';

/** Mounts the tRPC router at /trpc. */
export async function trpcPlugin(app: FastifyInstance, opts: { deps: Deps }): Promise<void> {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => ({
        deps: opts.deps,
        authorization: req.headers.authorization,
        requestId: req.id,
        req,
        reply: res,
      }),
      // A transient fault (statement timeout, database unavailable) carries Retry-After as on REST.
      responseMeta: ({ errors }) => {
        const waits = errors
          .map((e) => (e.cause instanceof AppError ? retryAfterSeconds(e.cause) : undefined))
          .filter((s) => s !== undefined);
        return waits.length ? { headers: { 'retry-after': String(Math.max(...waits)) } } : {};
      },
      onError: ({ error }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: safeError(error.cause ?? error) }, 'trpc internal error');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
