import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../core/context.js';
import { toAppError } from '../core/errors.js';
import { knownIdentity, limitIdentity } from '../http/request-caller.js';
import { routedPath } from '../http/routed-path.js';
import { type BucketLimiter, bucketLimiter } from './bucket-limiter.js';
import type { Database } from './deps.js';
import { sendRejection } from './rejection.js';

export interface RateLimitPolicy {
  /** Tokens added per second; 0 turns the limit off. */
  perSecond: number;
  /** Bucket size: the most tokens a quiet caller may spend at once. */
  burst: number;
}

export interface RateLimitOptions extends RateLimitPolicy {
  now?: () => number;
  /** On PostgreSQL the buckets live in the database, shared by every process on it; else in memory. */
  database?: Pick<Database, 'kind' | 'sql'>;
  /**
   * Everything outside the API (holder pages, the dashboard and its downloads, documents, unknown
   * paths) but the health probes: one bucket per client address. Left out: not limited.
   */
  pages?: RateLimitPolicy;
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

/**
 * Matched against the routed path (src/http/routed-path.ts), never the raw URL, so no spelling
 * escapes. The dashboard's downloads are paid like the API, by the person behind the session.
 */
const LIMITED = /^\/(api\/|trpc(\/|$)|graphql(\/|$)|dashboard\/export\/)/;
/** Never limited: probes and the scraper must answer while a flood is refused. */
const EXEMPT = /^\/(healthz|readyz|metrics)$/;

/**
 * A batched tRPC request (`/trpc/a,b,c?batch=1`) costs one token per procedure; anything else one.
 * Counted on the path parameter tRPC itself splits (decoded by the router: `%2C` separates too).
 */
function baseCost(request: FastifyRequest, path: string): number {
  if (path !== '/trpc/:path') return 1;
  const procedures = (request.params as { path?: string }).path ?? '';
  return 1 + (procedures.match(/,/g)?.length ?? 0);
}

/**
 * Token buckets over REST, tRPC and GraphQL alike, keyed on who the caller is: the API key, or the
 * admin behind a token or dashboard session (however the `Authorization` header is spelt), else
 * the client address. The address pays first, before the credential is looked up, so requests
 * with missing or invalid credentials (one new garbage header each) share the address's bucket; a
 * valid credential's request is then refunded to the address and paid by the caller's bucket.
 * Batched tRPC requests pay per procedure; GraphQL pays 1 + cost/1000 (docs/api.md, "Rate limits").
 * Everything else but the health probes (`opts.pages`) pays one token per request from a bucket
 * of its client address. Which limit applies is decided on the routed path, never on the raw URL.
 * Every limited response carries `RateLimit-Policy`, `RateLimit` (IETF draft) and `RateLimit-Cost`;
 * an empty bucket answers 429 with `Retry-After`; a database that cannot answer the limiter, 503.
 * On PostgreSQL the buckets are rows every process shares (src/core/rate-limits/buckets.ts),
 * else this process's memory.
 */
export function rateLimit(app: FastifyInstance, opts: RateLimitOptions & { deps: Deps }): void {
  const api = opts.perSecond > 0 ? bucketLimiter(app, opts) : undefined;
  const pages = opts.pages && opts.pages.perSecond > 0 ? bucketLimiter(app, { ...opts, ...opts.pages, namespace: 'page:' }) : undefined;
  if (!api && !pages) return;

  app.addHook('onRequest', async (request, reply) => {
    const path = routedPath(request);
    try {
      if (LIMITED.test(path)) {
        if (api) await limitApi(api, opts.deps, request, reply, baseCost(request, path));
      } else if (pages && !EXEMPT.test(path)) {
        const bucket = await pages.store.take(`ip:${request.ip}`, 1);
        pages.headers(reply, 'pages', bucket.tokens, bucket.taken ? 1 : 0);
        if (!bucket.taken) return pages.refuse(request, reply, bucket.tokens, 1);
      }
    } catch (err) {
      // The buckets' database is down or restarting: the request is not admitted, and may be retried.
      const unavailable = toAppError(err);
      if (unavailable.code === 'INTERNAL') throw err;
      return sendRejection(request, reply, unavailable);
    }
  });
}

async function limitApi(limiter: BucketLimiter, deps: Deps, request: FastifyRequest, reply: FastifyReply, base: number) {
  const { store, headers, refuse, capped, waitFor, limitMessage, burst } = limiter;
  const cost = capped(base);
  const addressKey = `ip:${request.ip}`;
  // A credential this process recently authenticated is known at once and never touches the address.
  let identity = knownIdentity(deps, request);
  let name = 'per-address';
  let refund: { key: string; tokens: number } | undefined;
  if (!identity) {
    const address = await store.take(addressKey, cost);
    if (!address.taken) {
      headers(reply, name, address.tokens, 0);
      return refuse(request, reply, address.tokens, cost);
    }
    identity = await limitIdentity(deps, request);
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
      const tokens = Math.min(capped(more), burst - spent);
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
  return undefined;
}
