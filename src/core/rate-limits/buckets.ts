import type { SqlRunner } from '../../db/database.js';
import { Prisma } from '../../db/generated/prisma/client.js';

/** Where the token buckets live: this process's memory, or a table every process shares. */
export interface BucketStore {
  /**
   * Refills `key`'s bucket to now and takes `cost` tokens when it holds that many (`taken`), else
   * takes nothing; `tokens` is what the bucket holds afterwards. `refund` gives tokens back to
   * another bucket in the same step (the address's token, once the caller is known).
   */
  take(key: string, cost: number, refund?: { key: string; tokens: number }): Promise<{ taken: boolean; tokens: number }>;
  /** Forgets buckets idle long enough to be full again (they answer as absent ones would). */
  prune(): Promise<number>;
}

export interface BucketPolicy {
  perSecond: number;
  burst: number;
  /** Milliseconds; left out, the store's own clock. */
  now?: () => number;
  /**
   * Prefix of this policy's keys in the shared table (`page:`), so buckets of policies with other
   * refill times are never pruned by this one's; left out, the API's keys (no prefix).
   */
  namespace?: string;
}

/** Namespaces in use besides the API's unprefixed keys (whose prune must leave them alone). */
const NAMESPACES = ['page:'];

/** Buckets kept at most in memory; past it the least recently used go (a flood of random keys stays bounded). */
const MAX_BUCKETS = 50_000;

/** This process's buckets: one `fas serve` on PGlite (the embedded database is one process's). */
export function memoryBuckets(policy: BucketPolicy): BucketStore {
  const now = policy.now ?? (() => performance.now());
  const buckets = new Map<string, { tokens: number; at: number }>();
  const bucketOf = (key: string) => {
    const t = now();
    const found = buckets.get(key);
    const bucket = found ?? { tokens: policy.burst, at: t };
    bucket.tokens = Math.min(policy.burst, bucket.tokens + (Math.max(0, t - bucket.at) / 1000) * policy.perSecond);
    bucket.at = t;
    // Re-insert so the Map's order is least recently used first.
    if (found) buckets.delete(key);
    buckets.set(key, bucket);
    if (buckets.size > MAX_BUCKETS) buckets.delete(buckets.keys().next().value as string);
    return bucket;
  };
  return {
    async take(key, cost, refund) {
      if (refund) {
        const given = bucketOf(refund.key);
        given.tokens = Math.min(policy.burst, given.tokens + refund.tokens);
      }
      const bucket = bucketOf(key);
      const taken = bucket.tokens >= cost;
      if (taken) bucket.tokens -= cost;
      return { taken, tokens: bucket.tokens };
    },
    async prune() {
      const full = now() - (policy.burst / policy.perSecond) * 1000;
      let pruned = 0;
      for (const [key, bucket] of buckets) {
        if (bucket.at >= full) break;
        buckets.delete(key);
        pruned++;
      }
      return pruned;
    },
  };
}

/**
 * One statement per request: the optional refund, then an upsert that refills and spends, row-locked
 * by the upsert itself, so concurrent requests on any number of processes spend one bucket exactly.
 * Times are the database's clock (processes on several machines agree) unless the policy gives one.
 */
function takeStatement(p: BucketPolicy, key: string, cost: number, at: number | null, refund?: { key: string; tokens: number }) {
  // The bucket refilled to the request's time, written out where needed: an ON CONFLICT assignment cannot name another.
  const refilled = Prisma.sql`least(${p.burst}::float8, b.tokens + greatest(0, excluded.at - b.at) / 1000 * ${p.perSecond}::float8)`;
  return Prisma.sql`WITH t AS (SELECT coalesce(${at}::float8, extract(epoch FROM clock_timestamp())::float8 * 1000) AS now),
    refund AS (
      UPDATE rate_limit_buckets r
      SET tokens = least(${p.burst}::float8, r.tokens + greatest(0, t.now - r.at) / 1000 * ${p.perSecond}::float8 + ${refund?.tokens ?? 0}::float8),
          at = greatest(r.at, t.now)
      FROM t WHERE r.key = ${refund?.key ?? null}::text)
    INSERT INTO rate_limit_buckets AS b (key, tokens, at, refused)
    SELECT ${key}::text, ${p.burst}::float8 - ${cost}::float8, t.now, false FROM t
    ON CONFLICT (key) DO UPDATE SET
      tokens = ${refilled} - CASE WHEN ${refilled} >= ${cost}::float8 THEN ${cost}::float8 ELSE 0 END,
      refused = ${refilled} < ${cost}::float8,
      at = greatest(b.at, excluded.at)
    RETURNING tokens, refused`;
}

/**
 * Buckets in PostgreSQL (`rate_limit_buckets`, UNLOGGED: a crash empties it, which only refills
 * every bucket), shared by every `fas serve` on the database: N processes allow the limit once, not
 * N times. Why a row per request rather than leased slices: docs/operations.md, "Rate limits across processes".
 */
export function databaseBuckets(sql: SqlRunner, policy: BucketPolicy): BucketStore {
  const now = () => (policy.now ? policy.now() : null);
  const ns = policy.namespace ?? '';
  // One prepared statement per namespace: the statement text is the same, the policy's numbers are not.
  const prepare = `fas_rate_limit_take${ns ? `_${ns.replace(/\W/g, '')}` : ''}`;
  // The API's prune spares every namespaced key; a namespace's prune touches its own keys only.
  const mine = ns ? Prisma.sql`starts_with(key, ${ns})` : Prisma.sql`NOT key LIKE ANY(${NAMESPACES.map((n) => `${n}%`)}::text[])`;
  return {
    async take(key, cost, refund) {
      const statement = takeStatement(policy, ns + key, cost, now(), refund && { key: ns + refund.key, tokens: refund.tokens });
      const [row] = await sql<{ tokens: number; refused: boolean }>(statement, { prepare });
      if (!row) throw new Error('rate limit upsert answered no row');
      return { taken: !row.refused, tokens: row.tokens };
    },
    async prune() {
      const rows = await sql<{ pruned: number }>(
        Prisma.sql`WITH gone AS (
          DELETE FROM rate_limit_buckets
          WHERE ${mine} AND at < coalesce(${now()}::float8, extract(epoch FROM clock_timestamp())::float8 * 1000) - ${(policy.burst / policy.perSecond) * 1000}::float8
          RETURNING 1)
        SELECT count(*)::int AS pruned FROM gone`,
      );
      return rows[0]?.pruned ?? 0;
    },
  };
}
