import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.js';
import { sendRejection } from './rejection.js';

export interface SheddingOptions {
  /** Shed while the event loop's mean delay over the last sample window exceeds this; 0 = off. */
  eventLoopDelayMs: number;
  /** Shed while the used heap exceeds this share of V8's heap limit; 0 = off. */
  heapUsedRatio: number;
  /** Shed while this many database calls wait for a connection (PGlite: its one connection); 0 = off. */
  dbWaiters: number;
  /**
   * Shed while the requests queued for the database would take longer than this to drain at the
   * current completion rate (Little's law: queued requests / requests completed per second);
   * 0 = off. Adapts to slow databases and machines, where a fixed count of waiters would already
   * mean seconds of waiting.
   */
  queueWaitMs: number;
  /** Database calls currently waiting for a connection. */
  waiting: () => number;
  /** Connections the database serves at once (pool size; 1 for PGlite). */
  connections: number;
  retryAfterSeconds?: number;
  sampleMs?: number;
}

/** Health probes must answer while everything else is shed, or an orchestrator restarts a busy process. */
const EXEMPT = /^\/(healthz|readyz)(\?|$)/;
/** Streams stay open for hours while idle: admitted like any request, but not counted as work in flight. */
const LONG_LIVED = /^\/api\/v2\/events\/stream(\?|$)/;

/**
 * Answers 503 + Retry-After at once while the process is saturated, instead of queueing without
 * bound. Event loop and heap are sampled on a timer; the database queue is read per request. A
 * burst arrives before any of its queries is queued, so the queue is also estimated as the
 * admitted requests beyond the database's connections, whichever is larger.
 */
export function loadShedding(app: FastifyInstance, opts: SheddingOptions): void {
  const sampleMs = opts.sampleMs ?? 250;
  const retryAfter = String(opts.retryAfterSeconds ?? 1);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const heapLimit = getHeapStatistics().heap_size_limit;
  let reason: string | null = null;
  const sample = () => {
    // The mean, not the worst: one long garbage collection or query is not saturation.
    const lagMs = delay.count ? delay.mean / 1e6 : 0;
    delay.reset();
    if (opts.eventLoopDelayMs > 0 && lagMs > opts.eventLoopDelayMs) reason = 'event loop delay';
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
  const completions = completionRate(2000);
  const queueTooLong = () => {
    // Admitted requests that cannot all be on a connection now.
    const queuedRequests = inFlight - opts.connections;
    if (opts.dbWaiters > 0 && Math.max(opts.waiting(), queuedRequests) >= opts.dbWaiters) return true;
    // Requests over requests completed: the database's own queue also holds background calls (the
    // webhook dispatcher's), and on a server that has been idle the completion rate reads zero, so
    // two such calls would otherwise shed a lone request as "seconds of waiting".
    if (opts.queueWaitMs <= 0 || queuedRequests < 2) return false;
    return (queuedRequests / Math.max(completions.perSecond(), 0.5)) * 1000 > opts.queueWaitMs;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (EXEMPT.test(request.url)) return;
    const why = reason ?? (queueTooLong() ? 'database queue' : null);
    if (!why) {
      if (LONG_LIVED.test(request.url)) return;
      inFlight++;
      // 'close' comes after the answer is sent and also when the client goes away first.
      reply.raw.once('close', () => {
        inFlight--;
        completions.add();
      });
      return;
    }
    reply.header('retry-after', retryAfter);
    return sendRejection(request, reply, new AppError('OVERLOADED', `the server is overloaded (${why}); retry after ${retryAfter} s`));
  });
}

/** Completions per second over a sliding window, kept in 100 ms buckets. */
function completionRate(windowMs: number) {
  const size = Math.ceil(windowMs / 100);
  const buckets = new Array<number>(size).fill(0);
  let current = Math.floor(performance.now() / 100);
  const advance = () => {
    const now = Math.floor(performance.now() / 100);
    for (let b = current + 1; b <= Math.min(now, current + size); b++) buckets[b % size] = 0;
    current = now;
  };
  return {
    add() {
      advance();
      buckets[current % size] = (buckets[current % size] ?? 0) + 1;
    },
    perSecond() {
      advance();
      return buckets.reduce((a, b) => a + b, 0) / (windowMs / 1000);
    },
  };
}
