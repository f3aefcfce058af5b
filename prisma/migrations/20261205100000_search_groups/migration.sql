-- Exact search totals without the heap (issue 27; src/core/transactions/transaction-search.ts).
-- The name-like fields (originator_name, beneficiary_name, addenda) of a workspace's transactions
-- take few distinct values: each distinct value is a row of search_groups with how many
-- transactions carry it, kept in the insert's own database transaction. A search's total is the
-- sum over the matching groups plus the transactions that match only by their other fields; its
-- page comes from each matching group's newest rows, read index-only.

-- The key of a transaction's name-like fields: NULL when it has none (it can match no word). A
-- 64-bit hash, so two different values may share it: search_groups keeps each value apart under
-- its key and a search rechecks the rows of a shared key. SQL, so it is inlined.
CREATE FUNCTION search_group_key(originator text, beneficiary text, addenda text[]) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN originator IS NULL AND beneficiary IS NULL AND cardinality(addenda) = 0 THEN NULL
    ELSE hash_record_extended(ROW(originator, beneficiary, addenda), 0) END
$$;

ALTER TABLE "transactions" ADD COLUMN "search_key" BIGINT
  GENERATED ALWAYS AS (search_group_key("originator_name", "beneficiary_name", "addenda")) STORED;

-- A group's rows newest first, index-only (the rows without names are left out).
CREATE INDEX "transactions_search_key_idx" ON "transactions" ("workspace_id", "search_key", "created_at", "id")
  WHERE "search_key" IS NOT NULL;

-- The word keys index now holds only the other free-text fields; the names' keys are on the groups.
DROP INDEX "transactions_search_keys_idx";
CREATE INDEX "transactions_search_keys_idx" ON "transactions" USING GIN (
  search_keys(ARRAY["reference", "transaction_reference", "imad", "trace_number"]));

-- `text`: the fields one per line (array_to_string skips a NULL), as the search's pattern reads them.
CREATE TABLE "search_groups" (
    "workspace_id" UUID NOT NULL,
    "key" BIGINT NOT NULL,
    "text" TEXT NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "search_groups_pkey" PRIMARY KEY ("workspace_id","key","text")
);

ALTER TABLE "search_groups" ADD CONSTRAINT "search_groups_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE INDEX "search_groups_keys_idx" ON "search_groups" USING GIN (search_keys(ARRAY["text"]));

-- Existing rows: their groups.
INSERT INTO "search_groups" ("workspace_id", "key", "text", "n")
SELECT "workspace_id", "search_key", array_to_string(ARRAY["originator_name", "beneficiary_name"] || "addenda", E'\n'), count(*)
FROM "transactions" WHERE "search_key" IS NOT NULL
GROUP BY 1, 2, 3;

-- A search's scan of transactions runs in one process: the estimates of its OR's arms (a prefix of
-- a partial expression index, an array of account ids known only at run time) are thousands of
-- times the rows found, and the parallel workers the planner then starts cost more on a busy
-- machine than the search itself (docs/benchmarks.md, "Search groups"). A function that only the
-- leader runs keeps every scan whose condition holds it out of parallel plans.
ALTER FUNCTION search_keys(text[]) PARALLEL RESTRICTED;
