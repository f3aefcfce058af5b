-- Transaction legs (see TransactionLeg in prisma/schema.prisma and src/core/transactions/transaction-legs.ts):
-- the rollups split by currency, as `transactionStats` grouped by COIN answers them, with each
-- group's answer kept as JSON text. Kept by bumpCounts, rebuilt with the rollups by rebuildCounts.
-- CreateTable
CREATE TABLE "transaction_legs" (
    "workspace_id" UUID NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "transaction_type" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "n" BIGINT NOT NULL,
    "n_fee" BIGINT NOT NULL,
    "n_total" BIGINT NOT NULL,
    "amount" DECIMAL NOT NULL,
    "fee" DECIMAL NOT NULL,
    "total" DECIMAL NOT NULL,
    "doc" TEXT NOT NULL,

    CONSTRAINT "transaction_legs_pkey" PRIMARY KEY ("workspace_id","currency","status","transaction_type","day")
);

-- CreateIndex
CREATE INDEX "transaction_legs_workspace_id_day_idx" ON "transaction_legs"("workspace_id", "day");

-- AddForeignKey
ALTER TABLE "transaction_legs" ADD CONSTRAINT "transaction_legs_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill from the rollups (insertLegsOfRollups in transaction-legs.ts, for every workspace).

INSERT INTO transaction_legs (workspace_id, currency, status, transaction_type, day, n, n_fee, n_total, amount, fee, total, doc)
SELECT g.workspace_id, g.currency, g.status, g.transaction_type, g.day, g.n, g.n_fee, g.n_total, g.amount, g.fee, g.total,
  '{"coin":' || to_json((g.currency)::text)::text
|| ',"transactionType":' || to_json((g.transaction_type)::text)::text
|| ',"status":' || to_json((g.status)::text)::text
|| ',"day":"' || to_char((g.day)::timestamp, 'YYYY-MM-DD') || '","month":null,"count":' || (g.n)::text
|| ',"amount":"' || CASE WHEN g.n > 0 THEN (g.amount)::text ELSE '0' END || '","fee":"' || CASE WHEN g.n_fee > 0 THEN (g.fee)::text ELSE '0' END
|| '","total":"' || CASE WHEN g.n_total > 0 THEN (g.total)::text ELSE '0' END || '"}'
FROM (
  SELECT r.workspace_id, leg.currency, r.status::text AS status, r.transaction_type::text AS transaction_type, r.day,
    sum(leg.n)::bigint AS n, sum(leg.n_fee)::bigint AS n_fee, sum(leg.n_total)::bigint AS n_total,
    sum(leg.amount) AS amount, sum(leg.fee) AS fee, sum(leg.total) AS total
  FROM transaction_rollups r CROSS JOIN LATERAL (VALUES
    (r.coin, r.n, CASE WHEN r.transaction_type = 'trade' THEN 0 ELSE r.n END, CASE WHEN r.transaction_type = 'trade' THEN 0 ELSE r.n END,
      r.amount, CASE WHEN r.transaction_type = 'trade' THEN 0 ELSE r.fee END, CASE WHEN r.transaction_type = 'trade' THEN 0 ELSE r.total END),
    (CASE WHEN r.transaction_type = 'trade' THEN nullif(r.fee_currency, '') END, 0, r.n, 0, 0, r.fee, 0),
    (CASE WHEN r.transaction_type = 'trade' THEN nullif(r.quote_currency, '') END, 0, 0, r.n, 0, 0, r.total)
  ) AS leg(currency, n, n_fee, n_total, amount, fee, total)
  WHERE TRUE AND leg.currency IS NOT NULL
  GROUP BY r.workspace_id, leg.currency, r.status, r.transaction_type, r.day
) g
ORDER BY g.workspace_id, g.currency, g.status, g.transaction_type, g.day;

-- Statistics at once: without them the planner took a workspace's legs for a handful.
ANALYZE "transaction_legs";
