-- Transaction rollups (see TransactionRollup in prisma/schema.prisma and bumpCounts in
-- src/core/transactions/transaction-counts.ts): per workspace, UTC day, type, status and currency
-- key (coin, fee currency, quote currency), the count and the sums of amount, fee and total.
-- `transactionStats` and the overview answer whole UTC days from them instead of reading every row.
-- CreateTable
CREATE TABLE "transaction_rollups" (
    "workspace_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "transaction_type" "transaction_type" NOT NULL,
    "status" "transaction_status" NOT NULL,
    "coin" TEXT NOT NULL,
    "fee_currency" TEXT NOT NULL DEFAULT '',
    "quote_currency" TEXT NOT NULL DEFAULT '',
    "n" BIGINT NOT NULL,
    "amount" DECIMAL NOT NULL,
    "fee" DECIMAL NOT NULL,
    "total" DECIMAL NOT NULL,

    CONSTRAINT "transaction_rollups_pkey" PRIMARY KEY ("workspace_id","day","transaction_type","status","coin","fee_currency","quote_currency")
);

-- AddForeignKey
ALTER TABLE "transaction_rollups" ADD CONSTRAINT "transaction_rollups_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill from the rows: one pass, grouped by the rollup's key.
INSERT INTO "transaction_rollups" ("workspace_id", "day", "transaction_type", "status", "coin", "fee_currency", "quote_currency", "n", "amount", "fee", "total")
SELECT t."workspace_id", (t."created_at" AT TIME ZONE 'UTC')::date, t."transaction_type", t."status", t."coin",
       coalesce(t."fee_currency", ''), coalesce(t."quote_currency", ''), count(*), sum(t."amount"), sum(t."fee"), sum(t."total")
FROM "transactions" t
GROUP BY 1, 2, 3, 4, 5, 6, 7;
