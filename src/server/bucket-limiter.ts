import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.js';
import { type BucketStore, databaseBuckets, memoryBuckets } from '../core/rate-limits/buckets.js';
import { safeError } from '../logging/safe-error.js';
import type { Database } from './deps.js';
import { sendRejection } from './rejection.js';

/** How often each process forgets the buckets that refilled (bounded storage whatever the callers). */
const PRUNE_EVERY_MS = 60_000;

export interface BucketLimiterOptions {
  perSecond: number;
  burst: number;
  now?: () => number;
  database?: Pick<Database, 'kind' | 'sql'>;
  /** Key prefix in the shared table; left out, the API's. */
  namespace?: string;
}

/** One policy's buckets and the headers and refusal its requests get. */
export interface BucketLimiter {
  store: BucketStore;
  burst: number;
  /** A request never costs more than a full bucket, or it could never pass. */
  capped(tokens: number): number;
  headers(reply: FastifyReply, name: string, tokens: number, spent: number): void;
  waitFor(held: number, tokens: number): number;
  limitMessage(tokens: number, wait: number): string;
  /** 429 RATE_LIMITED with Retry-After, in the caller's protocol. */
  refuse(request: FastifyRequest, reply: FastifyReply, held: number, tokens: number): FastifyReply;
}

export function bucketLimiter(app: FastifyInstance, opts: BucketLimiterOptions): BucketLimiter {
  const policy = { perSecond: opts.perSecond, burst: opts.burst, now: opts.now, namespace: opts.namespace };
  const store = opts.database?.kind === 'postgres' ? databaseBuckets(opts.database.sql, policy) : memoryBuckets(policy);
  const refillSeconds = Math.ceil(opts.burst / opts.perSecond);
  const prune = setInterval(() => {
    store.prune().catch((err) => app.log.warn({ err: safeError(err) }, 'rate limit prune failed'));
  }, PRUNE_EVERY_MS);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));

  const waitFor = (held: number, tokens: number) => Math.max(1, Math.ceil((tokens - held) / opts.perSecond));
  const limitMessage = (tokens: number, wait: number) =>
    `rate limit of ${opts.burst} tokens (refilled at ${opts.perSecond} per second) used up; this request costs ${tokens}; retry after ${wait} s`;
  return {
    store,
    burst: opts.burst,
    capped: (tokens) => Math.min(opts.burst, Math.max(0, tokens)),
    headers(reply, name, tokens, spent) {
      reply.header('ratelimit-policy', `"${name}";q=${opts.burst};w=${refillSeconds}`);
      reply.header('ratelimit', `"${name}";r=${Math.floor(tokens)};t=${Math.ceil((opts.burst - tokens) / opts.perSecond)}`);
      reply.header('ratelimit-cost', String(spent));
    },
    waitFor,
    limitMessage,
    refuse(request, reply, held, tokens) {
      const wait = waitFor(held, tokens);
      reply.header('retry-after', String(wait));
      return sendRejection(request, reply, new AppError('RATE_LIMITED', limitMessage(tokens, wait)));
    },
  };
}
