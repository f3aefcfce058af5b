-- A transaction without names has no search key (issue 37). The API wrote crypto and trade rows
-- with their addenda NULL, and search_group_key read "no addenda" as cardinality(addenda) = 0,
-- which is NULL for a NULL array: each such row got key 0 (the hash of a row of NULLs). So every
-- crypto and trade row sat in the search key indexes (transactions_search_key_idx,
-- transactions_account_search_key_idx), and was counted in one search group (text '' under key 0)
-- and in search_key_counts under key 0: rows each crypto or trade insert of a workspace updated,
-- and held locked to its commit. (The seed writes an empty array: its figures never showed it.)
-- The code now writes an empty array (transaction-insert.ts); the function reads NULL as empty
-- too; the rows are mended (a stored generated column is computed again on UPDATE) and the groups
-- and key counts of key 0 counted again from what is left under it.

CREATE OR REPLACE FUNCTION search_group_key(originator text, beneficiary text, addenda text[]) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN originator IS NULL AND beneficiary IS NULL AND coalesce(cardinality(addenda), 0) = 0 THEN NULL
    ELSE hash_record_extended(ROW(originator, beneficiary, addenda), 0) END
$$;

UPDATE "transactions" SET "addenda" = '{}' WHERE "addenda" IS NULL;

DELETE FROM "search_groups" WHERE "key" = 0;
INSERT INTO "search_groups" ("workspace_id", "key", "text", "n")
SELECT "workspace_id", "search_key", array_to_string(ARRAY["originator_name", "beneficiary_name"] || "addenda", E'\n'), count(*)
FROM "transactions" WHERE "search_key" = 0
GROUP BY 1, 2, 3;

DELETE FROM "search_key_counts" WHERE "key" = 0;
INSERT INTO "search_key_counts" ("workspace_id", "key", "transaction_type", "status", "n")
SELECT "workspace_id", "search_key", "transaction_type", "status", count(*)
FROM "transactions" WHERE "search_key" = 0
GROUP BY 1, 2, 3, 4;
