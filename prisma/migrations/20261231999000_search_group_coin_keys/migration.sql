-- The search groups' word keys index holds each group's coin too, as one more key (`$` and the
-- coin: a word's key is lower-case letters and digits, so none is the same), issue 37;
-- src/core/transactions/search-conditions.ts, `matchingGroups`. A search with a coin finds its
-- matching groups of that coin in the index alone, where it read every matching group of every
-- coin from the table to check its coin: at 10,000,000 rows "pay" matches 405,663 groups in USD
-- and 1,207 in GBP, and finding those of GBP read all 408,303 (about 90 ms). A group's coin is in
-- its primary key and never changes: its count updates stay HOT. Prisma does not describe this
-- index (an expression).

-- Its search_path is the migration's: an index is built (and a dump restored) under another one
-- (PGlite, as PostgreSQL 17, builds an index with pg_catalog's alone), where search_keys is unknown.
CREATE FUNCTION search_group_keys(text TEXT, coin TEXT) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL RESTRICTED SET search_path FROM CURRENT
  AS $$ SELECT search_keys(ARRAY[text]) || array_to_tsvector(ARRAY['$' || coin]) $$;

DROP INDEX "search_groups_keys_idx";
CREATE INDEX "search_groups_keys_idx" ON "search_groups" USING GIN (search_group_keys("text", "coin"));

-- The expression's statistics went with the old index: the planner's estimates of a search's
-- groups come from them.
ANALYZE "search_groups";

-- The migration runs in one transaction: from the DROP INDEX to its end (the new index's build,
-- 5.4 s at 10M), every read and write of search_groups waits: every search, every insert of a
-- transaction with names and every status change of one.
