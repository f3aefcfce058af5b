-- Per-account transaction counts (see AccountTransactionCount in prisma/schema.prisma and
-- bumpCounts in src/core/transactions/transaction-counts.ts): a list total filtered by account
-- sums a few rows instead of counting every row of the account. Filled here from the rows.
-- CreateTable
CREATE TABLE "account_transaction_counts" (
    "workspace_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "coin" TEXT NOT NULL,
    "transaction_type" "transaction_type" NOT NULL,
    "status" "transaction_status" NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "account_transaction_counts_pkey" PRIMARY KEY ("workspace_id","account_id","coin","transaction_type","status")
);

-- AddForeignKey
ALTER TABLE "account_transaction_counts" ADD CONSTRAINT "account_transaction_counts_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: one row per account, coin ("" and each of the transaction's coins), type and status.
INSERT INTO "account_transaction_counts" ("workspace_id", "account_id", "coin", "transaction_type", "status", "n")
SELECT t."workspace_id", t."account_id", c.coin, t."transaction_type", t."status", count(*)
FROM "transactions" t CROSS JOIN LATERAL unnest(array_prepend(''::text, t."coins")) AS c(coin)
GROUP BY 1, 2, 3, 4, 5;
