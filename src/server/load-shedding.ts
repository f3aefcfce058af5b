import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.js';
import { routedPath } from '../http/routed-path.js';
import { sendRejection } from './rejection.js';

export interface SheddingOptions {
  /** Shed while the event loop's mean delay over the last sample window exceeds this; 0 = off. */
  eventLoopDelayMs: number;
  /** Shed while the used heap exceeds this share of V8's heap limit; 0 = off. */
  heapUsedRatio: number;
  /** Shed while this many database calls wait for a connection (PGlite: its one connection); 0 = off. */
  dbWaiters: number;
  /**
   * Shed while the database call waiting longest for a connection has waited longer than this (ms);
   * 0 = off. Measured, not estimated: a burst on an idle server is admitted and shedding starts
   * only once calls really queue that long (slow databases and machines included).
   */
  queueWaitMs: number;
  /** How long the call waiting longest for a connection has waited now, in ms. */
  oldestWaitMs: () => number;
  /** Database calls currently waiting for a connection. */
  waiting: () => number;
  /** Connections the database serves at once (pool size; 1 for PGlite). */
  connections: number;
  /**
   * For this long after the server starts listening neither the event loop's delay nor the database
   * queue's wait sheds: the first requests compile code and read a cold cache, which is not
   * saturation (the waiters' count, `dbWaiters`, still bounds the queue).
   */
  warmupMs?: number;
  retryAfterSeconds?: number;
  sampleMs?: number;
}

/**
 * Health probes and metrics must answer while everything else is shed, or an orchestrator restarts
 * a busy process and monitoring goes blind when it is needed; a dashboard sign-in is one cheap call
 * that people retry by hand, so it is never turned away.
 */
const EXEMPT = /^\/(healthz|readyz|metrics|trpc\/session\.signIn)$/;
/** Streams stay open for hours while idle: admitted like any request, but not counted as work in flight. */
const LONG_LIVED = /^\/api\/v2\/events\/stream$/;

/**
 * Answers 503 + Retry-After at once while the process is saturated, instead of queueing without
 * bound. Event loop and heap are sampled on a timer; the database queue is read per request: its
 * length (a burst arrives before any of its queries is queued, so also counted as the admitted
 * requests beyond the database's connections, whichever is larger) and how long its oldest call
 * has waited.
 */
export function loadShedding(app: FastifyInstance, opts: SheddingOptions): void {
  const sampleMs = opts.sampleMs ?? 250;
  const retryAfter = String(opts.retryAfterSeconds ?? 1);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const heapLimit = getHeapStatistics().heap_size_limit;
  let reason: string | null = null;
  // Until the server listens and its warm-up is over, the event loop's delay is not load.
  let warmUntil = Number.POSITIVE_INFINITY;
  app.addHook('onListen', async () => {
    warmUntil = Date.now() + (opts.warmupMs ?? 0);
  });
  const sample = () => {
    // The mean, not the worst: one long garbage collection or query is not saturation.
    const lagMs = delay.count ? delay.mean / 1e6 : 0;
    delay.reset();
    if (opts.eventLoopDelayMs > 0 && lagMs > opts.eventLoopDelayMs && Date.now() >= warmUntil) reason = 'event loop delay';
    else if (opts.heapUsedRatio > 0 && process.memoryUsage().heapUsed > heapLimit * opts.heapUsedRatio) reason = 'heap';
    else reason = null;
  };
  const timer = setInterval(sample, sampleMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    delay.disable();
  });
  let inFlight = 0;
  const queueTooLong = () => {
    // Admitted requests that cannot all be on a connection now.
    const queuedRequests = inFlight - opts.connections;
    if (opts.dbWaiters > 0 && Math.max(opts.waiting(), queuedRequests) >= opts.dbWaiters) return true;
    // The first queries after a start read a cold cache: a wait then is warm-up, not load (the
    // waiters' count above still bounds the queue).
    return opts.queueWaitMs > 0 && Date.now() >= warmUntil && opts.oldestWaitMs() > opts.queueWaitMs;
  };
  app.addHook('onRequest', async (request, reply) => {
    // The routed path, however the target was spelt (src/http/routed-path.ts).
    const path = routedPath(request);
    if (EXEMPT.test(path)) return;
    const why = reason ?? (queueTooLong() ? 'database queue' : null);
    if (!why) {
      if (LONG_LIVED.test(path)) return;
      inFlight++;
      // 'close' comes after the answer is sent and also when the client goes away first.
      reply.raw.once('close', () => {
        inFlight--;
      });
      return;
    }
    reply.header('retry-after', retryAfter);
    return sendRejection(request, reply, new AppError('OVERLOADED', `the server is overloaded (${why}); retry after ${retryAfter} s`));
  });
}
