import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../core/context.js';
import { AppError } from '../core/errors.js';
import { knownIdentity, limitIdentity } from '../http/request-caller.js';
import { sendRejection } from './rejection.js';

export interface RateLimitOptions {
  /** Tokens added per second; 0 turns the limit off. */
  perSecond: number;
  /** Bucket size: the most tokens a quiet caller may spend at once. */
  burst: number;
  now?: () => number;
}

/** What a request may still spend once admitted (GraphQL pays for its cost after parsing). */
export interface RequestRateLimit {
  /** Takes `tokens` more from the request's bucket; false (nothing taken) when the bucket has too few. */
  spend(tokens: number): { ok: true } | { ok: false; retryAfterSeconds: number; message: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    fasRateLimit?: RequestRateLimit;
  }
}

/** Buckets kept at most; past it the least recently used go (a flood of random keys stays bounded). */
const MAX_BUCKETS = 50_000;

const LIMITED = /^\/(api\/|trpc(\/|$|\?)|graphql(\/|$|\?))/;

/**
 * A batched tRPC request (`/trpc/a,b,c?batch=1`) costs one token per procedure; anything else one.
 * The router decodes the path, so an encoded comma (`%2C`) separates procedures too.
 */
function baseCost(request: FastifyRequest): number {
  const path = request.url.split('?')[0] ?? '';
  if (!path.startsWith('/trpc/')) return 1;
  return 1 + (path.match(/,|%2c/gi)?.length ?? 0);
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets over REST, tRPC and GraphQL alike, keyed on who the caller is: the API key, or the
 * admin behind a token or dashboard session (however the `Authorization` header is spelt), else
 * the client address. The address pays first, before the credential is looked up, so requests
 * with missing or invalid credentials (one new garbage header each) share the address's bucket; a
 * valid credential's request is then refunded to the address and paid by the caller's bucket.
 * Batched tRPC requests pay per procedure; GraphQL pays 1 + cost/1000 (docs/api.md, "Rate limits").
 * Every limited response carries `RateLimit-Policy`, `RateLimit` (IETF draft) and `RateLimit-Cost`;
 * an empty bucket answers 429 with `Retry-After`.
 */
export function rateLimit(app: FastifyInstance, opts: RateLimitOptions & { deps: Deps }): void {
  if (opts.perSecond <= 0) return;
  const now = opts.now ?? (() => performance.now());
  const buckets = new Map<string, Bucket>();
  const refillSeconds = Math.ceil(opts.burst / opts.perSecond);

  const bucketOf = (key: string): Bucket => {
    const t = now();
    const found = buckets.get(key);
    const bucket = found ?? { tokens: opts.burst, at: t };
    bucket.tokens = Math.min(opts.burst, bucket.tokens + ((t - bucket.at) / 1000) * opts.perSecond);
    bucket.at = t;
    // Re-insert so the Map's order is least recently used first.
    if (found) buckets.delete(key);
    buckets.set(key, bucket);
    if (buckets.size > MAX_BUCKETS) buckets.delete(buckets.keys().next().value as string);
    return bucket;
  };
  // A request never costs more than a full bucket, or it could never pass.
  const capped = (tokens: number) => Math.min(opts.burst, Math.max(0, tokens));
  const headers = (reply: FastifyReply, name: string, bucket: Bucket, spent: number) => {
    reply.header('ratelimit-policy', `"${name}";q=${opts.burst};w=${refillSeconds}`);
    reply.header('ratelimit', `"${name}";r=${Math.floor(bucket.tokens)};t=${Math.ceil((opts.burst - bucket.tokens) / opts.perSecond)}`);
    reply.header('ratelimit-cost', String(spent));
  };
  const waitFor = (bucket: Bucket, tokens: number) => Math.max(1, Math.ceil((tokens - bucket.tokens) / opts.perSecond));
  const refuse = (request: FastifyRequest, reply: FastifyReply, bucket: Bucket, tokens: number) => {
    const wait = waitFor(bucket, tokens);
    reply.header('retry-after', String(wait));
    return sendRejection(request, reply, new AppError('RATE_LIMITED', limitMessage(tokens, wait)));
  };
  const limitMessage = (tokens: number, wait: number) =>
    `rate limit of ${opts.burst} tokens (refilled at ${opts.perSecond} per second) used up; this request costs ${tokens}; retry after ${wait} s`;

  app.addHook('onRequest', async (request, reply) => {
    if (!LIMITED.test(request.url)) return;
    const cost = capped(baseCost(request));
    const addressKey = `ip:${request.ip}`;
    // A credential this process recently authenticated is known at once and never touches the address.
    let identity = knownIdentity(opts.deps, request);
    let name = 'per-address';
    let bucket = bucketOf(addressKey);
    if (!identity) {
      const address = bucket;
      if (address.tokens < cost) {
        headers(reply, name, address, 0);
        return refuse(request, reply, address, cost);
      }
      address.tokens -= cost;
      identity = await limitIdentity(opts.deps, request);
      if (identity) {
        const refunded = bucketOf(addressKey);
        refunded.tokens = Math.min(opts.burst, refunded.tokens + cost);
      }
    }
    if (identity) {
      name = 'per-key';
      bucket = bucketOf(identity);
      if (bucket.tokens < cost) {
        headers(reply, name, bucket, 0);
        return refuse(request, reply, bucket, cost);
      }
      bucket.tokens -= cost;
    }
    let spent = cost;
    headers(reply, name, bucket, spent);
    request.fasRateLimit = {
      spend(more) {
        const tokens = Math.min(capped(more), opts.burst - spent);
        const current = bucketOf(identity ?? addressKey);
        if (current.tokens < tokens) {
          const wait = waitFor(current, tokens);
          reply.header('retry-after', String(wait));
          headers(reply, name, current, spent);
          return { ok: false, retryAfterSeconds: wait, message: limitMessage(spent + tokens, wait) };
        }
        current.tokens -= tokens;
        spent += tokens;
        headers(reply, name, current, spent);
        return { ok: true };
      },
    };
  });
}
