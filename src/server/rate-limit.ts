import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.js';
import { sendRejection } from './rejection.js';

export interface RateLimitOptions {
  /** Tokens added per second; 0 turns the limit off. */
  perSecond: number;
  /** Bucket size: the most requests a quiet client may send at once. */
  burst: number;
  now?: () => number;
}

/** Buckets kept at most; past it the least recently used go (a flood of random keys stays bounded). */
const MAX_BUCKETS = 50_000;

const LIMITED = /^\/(api\/|trpc(\/|$|\?)|graphql(\/|$|\?))/;

/** The bucket of a request: its credential (hashed, never kept in clear), else its address. */
function bucketKey(request: FastifyRequest): string {
  const auth = request.headers.authorization;
  if (auth) return `k:${createHash('sha256').update(auth.trim()).digest('base64url').slice(0, 22)}`;
  return `ip:${request.ip}`;
}

/**
 * Per-credential token bucket over REST, tRPC and GraphQL alike. Every limited response carries
 * `RateLimit-Policy` and `RateLimit` (IETF draft); an empty bucket answers 429 with `Retry-After`.
 */
export function rateLimit(app: FastifyInstance, opts: RateLimitOptions): void {
  if (opts.perSecond <= 0) return;
  const now = opts.now ?? (() => performance.now());
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refillSeconds = Math.ceil(opts.burst / opts.perSecond);
  const policy = `"per-key";q=${opts.burst};w=${refillSeconds}`;
  app.addHook('onRequest', async (request, reply) => {
    if (!LIMITED.test(request.url)) return;
    const key = bucketKey(request);
    const t = now();
    const found = buckets.get(key);
    const bucket = found ?? { tokens: opts.burst, at: t };
    bucket.tokens = Math.min(opts.burst, bucket.tokens + ((t - bucket.at) / 1000) * opts.perSecond);
    bucket.at = t;
    // Re-insert so the Map's order is least recently used first.
    if (found) buckets.delete(key);
    buckets.set(key, bucket);
    if (buckets.size > MAX_BUCKETS) buckets.delete(buckets.keys().next().value as string);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const left = Math.floor(bucket.tokens);
    const untilFull = Math.ceil((opts.burst - bucket.tokens) / opts.perSecond);
    reply.header('ratelimit-policy', policy);
    reply.header('ratelimit', `"per-key";r=${left};t=${untilFull}`);
    if (allowed) return;
    const wait = Math.max(1, Math.ceil((1 - bucket.tokens) / opts.perSecond));
    reply.header('retry-after', String(wait));
    return sendRejection(
      request,
      reply,
      new AppError(
        'RATE_LIMITED',
        `rate limit of ${opts.burst} requests (refilled at ${opts.perSecond} per second) used up; retry after ${wait} s`,
      ),
    );
  });
}
