import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../core/context.js';
import { AppError } from '../core/errors.js';
import type { Database } from '../db/database.js';
import { knownIdentity, limitIdentity } from '../http/request-caller.js';
import { safeError } from '../logging/safe-error.js';
import { databaseBuckets, memoryBuckets } from './rate-limit-buckets.js';
import { sendRejection } from './rejection.js';

export interface RateLimitOptions {
  /** Tokens added per second; 0 turns the limit off. */
  perSecond: number;
  /** Bucket size: the most tokens a quiet caller may spend at once. */
  burst: number;
  now?: () => number;
  /** On PostgreSQL the buckets live in the database, shared by every process on it; else in memory. */
  database?: Pick<Database, 'kind' | 'sql'>;
}

/** What a request may still spend once admitted (GraphQL pays for its cost after parsing). */
export interface RequestRateLimit {
  /** Takes `tokens` more from the request's bucket; false (nothing taken) when the bucket has too few. */
  spend(tokens: number): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number; message: string }>;
}

declare module 'fastify' {
  interface FastifyRequest {
    fasRateLimit?: RequestRateLimit;
  }
}

const LIMITED = /^\/(api\/|trpc(\/|$|\?)|graphql(\/|$|\?)|dashboard\/export\/)/;

/**
 * A batched tRPC request (`/trpc/a,b,c?batch=1`) costs one token per procedure; anything else one.
 * The router decodes the path, so an encoded comma (`%2C`) separates procedures too.
 */
function baseCost(request: FastifyRequest): number {
  const path = request.url.split('?')[0] ?? '';
  if (!path.startsWith('/trpc/')) return 1;
  return 1 + (path.match(/,|%2c/gi)?.length ?? 0);
}

/** How often each process forgets the buckets that refilled (bounded storage whatever the callers). */
const PRUNE_EVERY_MS = 60_000;

/**
 * Token buckets over REST, tRPC and GraphQL alike, keyed on who the caller is: the API key, or the
 * admin behind a token or dashboard session (however the `Authorization` header is spelt), else
 * the client address. The address pays first, before the credential is looked up, so requests
 * with missing or invalid credentials (one new garbage header each) share the address's bucket; a
 * valid credential's request is then refunded to the address and paid by the caller's bucket.
 * Batched tRPC requests pay per procedure; GraphQL pays 1 + cost/1000 (docs/api.md, "Rate limits").
 * Every limited response carries `RateLimit-Policy`, `RateLimit` (IETF draft) and `RateLimit-Cost`;
 * an empty bucket answers 429 with `Retry-After`. On PostgreSQL the buckets are rows every process
 * shares (src/server/rate-limit-buckets.ts), else this process's memory.
 */
export function rateLimit(app: FastifyInstance, opts: RateLimitOptions & { deps: Deps }): void {
  if (opts.perSecond <= 0) return;
  const store = opts.database?.kind === 'postgres' ? databaseBuckets(opts.database.sql, opts) : memoryBuckets(opts);
  const refillSeconds = Math.ceil(opts.burst / opts.perSecond);
  const prune = setInterval(() => {
    store.prune().catch((err) => app.log.warn({ err: safeError(err) }, 'rate limit prune failed'));
  }, PRUNE_EVERY_MS);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));

  // A request never costs more than a full bucket, or it could never pass.
  const capped = (tokens: number) => Math.min(opts.burst, Math.max(0, tokens));
  const headers = (reply: FastifyReply, name: string, tokens: number, spent: number) => {
    reply.header('ratelimit-policy', `"${name}";q=${opts.burst};w=${refillSeconds}`);
    reply.header('ratelimit', `"${name}";r=${Math.floor(tokens)};t=${Math.ceil((opts.burst - tokens) / opts.perSecond)}`);
    reply.header('ratelimit-cost', String(spent));
  };
  const waitFor = (held: number, tokens: number) => Math.max(1, Math.ceil((tokens - held) / opts.perSecond));
  const refuse = (request: FastifyRequest, reply: FastifyReply, held: number, tokens: number) => {
    const wait = waitFor(held, tokens);
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
    let refund: { key: string; tokens: number } | undefined;
    if (!identity) {
      const address = await store.take(addressKey, cost);
      if (!address.taken) {
        headers(reply, name, address.tokens, 0);
        return refuse(request, reply, address.tokens, cost);
      }
      identity = await limitIdentity(opts.deps, request);
      if (!identity) {
        headers(reply, name, address.tokens, cost);
      } else {
        refund = { key: addressKey, tokens: cost };
      }
    }
    if (identity) {
      name = 'per-key';
      const bucket = await store.take(identity, cost, refund);
      headers(reply, name, bucket.tokens, bucket.taken ? cost : 0);
      if (!bucket.taken) return refuse(request, reply, bucket.tokens, cost);
    }
    const key = identity ?? addressKey;
    let spent = cost;
    request.fasRateLimit = {
      async spend(more) {
        const tokens = Math.min(capped(more), opts.burst - spent);
        // Nothing more to pay (most GraphQL documents): no round trip, the headers stand.
        if (tokens <= 0) return { ok: true };
        const current = await store.take(key, tokens);
        if (!current.taken) {
          const wait = waitFor(current.tokens, tokens);
          reply.header('retry-after', String(wait));
          headers(reply, name, current.tokens, spent);
          return { ok: false, retryAfterSeconds: wait, message: limitMessage(spent + tokens, wait) };
        }
        spent += tokens;
        headers(reply, name, current.tokens, spent);
        return { ok: true };
      },
    };
  });
}
