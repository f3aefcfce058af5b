-- Several words without a probe per matching group (issue 37; src/core/transactions/search-dense.ts).
-- A search's key may be shared by two different names (search_groups.key is a 64-bit hash): then
-- that key's rows are checked by their names. Whether it was, was asked of search_groups once per
-- matching group (15,310 index probes for "soylent foods" at 10,000,000 rows). It is now kept on
-- each group: `shared`, set on every group of a key as soon as a second value has it (the insert's
-- own database transaction, under a lock on the key: search-groups.ts).

ALTER TABLE "search_groups" ADD COLUMN "shared" BOOLEAN NOT NULL DEFAULT false;

UPDATE "search_groups" g SET "shared" = true
WHERE EXISTS (
  SELECT 1 FROM "search_groups" o WHERE o."workspace_id" = g."workspace_id" AND o."key" = g."key" AND o."text" <> g."text"
);
