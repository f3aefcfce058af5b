-- Rate-limit token buckets shared by every `fas serve` on this database (src/server/rate-limit-buckets.ts):
-- one row per caller, refilled and spent by one upsert per request. UNLOGGED: no WAL for a row
-- written on every request; a crash empties the table, which only refills every bucket, and a
-- streaming replica does not carry it (the limiter always writes to the primary). Half of each
-- page is left free so the per-request update stays HOT (only the key is indexed).
CREATE UNLOGGED TABLE "rate_limit_buckets" (
    "key" TEXT NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "at" DOUBLE PRECISION NOT NULL,
    "refused" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("key")
) WITH (fillfactor = 50);
