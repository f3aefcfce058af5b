-- A search with a status or type filter, and a search that also matches account emails, with exact
-- totals at 10,000,000 rows (issue 37; src/core/transactions/search-dense.ts).
-- 1. search_key_counts: per search key (transactions.search_key), type and status, how many of the
--    workspace's transactions carry it, kept in the insert's and the status change's database
--    transaction (search-key-counts.ts). A filtered search's names count sums these.
-- 2. An index of each account's rows by their search key (with status and type): the rows of the
--    accounts whose email matches that also match by name are counted from it, index-only, so the
--    union's total is the groups' counts + the accounts' counts - that overlap.

CREATE TABLE "search_key_counts" (
    "workspace_id" UUID NOT NULL,
    "key" BIGINT NOT NULL,
    "transaction_type" "transaction_type" NOT NULL,
    "status" "transaction_status" NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "search_key_counts_pkey" PRIMARY KEY ("workspace_id","key","transaction_type","status")
);

ALTER TABLE "search_key_counts" ADD CONSTRAINT "search_key_counts_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "search_key_counts" ("workspace_id", "key", "transaction_type", "status", "n")
SELECT "workspace_id", "search_key", "transaction_type", "status", count(*)
FROM "transactions" WHERE "search_key" IS NOT NULL
GROUP BY 1, 2, 3, 4
ORDER BY 1, 2, 3, 4;

CREATE INDEX "transactions_account_search_key_idx" ON "transactions" ("workspace_id", "account_id", "search_key")
  INCLUDE ("status", "transaction_type") WHERE "search_key" IS NOT NULL;
