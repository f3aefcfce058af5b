-- The search key index holds each row's status and coin after its key (issue 37;
-- src/core/transactions/search-probes.ts, `units`): a search whose matches are sparse reads each
-- matching key's newest rows of one status and coin as one range of the index, index-only, as
-- many as match (the groups' counts by status), where it read every row of the key from the
-- table, newest first, checking each one's status and coin. At 10,000,000 rows "intermediary" +
-- EUR + pending (492 matches in 1,620 EUR groups, whose keys hold 300,000 rows of every coin and
-- status) read 300,000 rows from the table: 1.1-2.2 s. The rows with names only (partial, as
-- before). A list of a key's rows of every status and coin is no longer one range: no search reads
-- one (a key's groups give its statuses and coins). Prisma does not describe this index.

DROP INDEX "transactions_search_key_idx";
CREATE INDEX "transactions_search_key_idx" ON "transactions" ("workspace_id", "search_key", "status", "coin", "created_at", "id")
    WHERE "search_key" IS NOT NULL;

-- The migration runs in one transaction: from the DROP INDEX to its end (the new index's build,
-- 7 s at 10M on an idle two-core machine), every read and write of transactions waits.
