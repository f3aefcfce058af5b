-- Several words with a coin from the matching groups' own counts (issue 37;
-- src/core/transactions/search-dense.ts). A search of several words and a coin checked each
-- candidate row's coin in the table: "soylent foods" in USD read 307,000 rows at 10,000,000
-- (2.9 s). A row with names is a bank row of one coin (`coin`, the check
-- transactions_named_rows_are_bank), so a group is now its names in one coin: the rows of a value
-- in two coins are two groups, each with its counts (10M: 433,309 groups where there were 414,506).
-- `shared` still means another value (text) has the key. How many groups hold a word
-- (search_word_groups) still counts values, not coins: unchanged.

ALTER TABLE "search_groups" ADD COLUMN "coin" TEXT NOT NULL DEFAULT '';
ALTER TABLE "search_groups" DROP CONSTRAINT "search_groups_pkey";
-- Emptied whole (TRUNCATE: new storage, where a DELETE would leave the old rows' space to the table).
TRUNCATE "search_groups";
INSERT INTO "search_groups" ("workspace_id", "key", "text", "coin", "n", "shared",
  "n_pending", "n_processing", "n_completed", "n_failed", "n_canceled", "n_returned")
SELECT "workspace_id", key, text, coin, n,
  min(text) OVER (PARTITION BY "workspace_id", key) <> max(text) OVER (PARTITION BY "workspace_id", key),
  pending, processing, completed, failed, canceled, returned
FROM (
  SELECT t."workspace_id", t."search_key" AS key,
    array_to_string(ARRAY[t."originator_name", t."beneficiary_name"] || t."addenda", E'\n') AS text,
    t."coin" AS coin, count(*) AS n,
    count(*) FILTER (WHERE t."status" = 'pending') AS pending,
    count(*) FILTER (WHERE t."status" = 'processing') AS processing,
    count(*) FILTER (WHERE t."status" = 'completed') AS completed,
    count(*) FILTER (WHERE t."status" = 'failed') AS failed,
    count(*) FILTER (WHERE t."status" = 'canceled') AS canceled,
    count(*) FILTER (WHERE t."status" = 'returned') AS returned
  FROM "transactions" t
  WHERE t."search_key" IS NOT NULL
  GROUP BY 1, 2, 3, 4
) g
ORDER BY 1, 2, 3, 4;
ALTER TABLE "search_groups" ALTER COLUMN "coin" DROP DEFAULT;
ALTER TABLE "search_groups" ADD CONSTRAINT "search_groups_pkey" PRIMARY KEY ("workspace_id", "key", "text", "coin");
ANALYZE "search_groups";
