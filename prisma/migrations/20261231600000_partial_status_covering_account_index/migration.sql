-- Two indexes of transactions traded within the storage budget (issue 37; docs/benchmarks.md
-- "storage", src/core/transactions/search-words.ts).
--
-- 1. The status index leaves out `completed` (82% of rows at 10,000,000): a list of completed rows
--    walks the time index and checks each row's status (about 122 rows read for a page of 100),
--    as the counts of whole days come from transaction_counts. At 10M it was 67.7 bytes a
--    transaction, now 12.3.
-- 2. The account index carries each row's status, type and coins (as trailing key columns, which
--    Prisma can declare: (workspace_id, account_id, created_at, id) is unique, so they never
--    change its order), so a search whose word
--    is in account emails counts those accounts' rows in a range of dates, in a coin, status or
--    type, from the index alone (an index-only scan) instead of a heap page a row: at 10M
--    "treasury" over 30 days in USD reads 46,000 rows of 560 accounts. 73.7 -> 124.7 bytes a
--    transaction.
-- Together 4.4 bytes a transaction less. Prisma does not describe the status index's predicate
-- (schema.prisma declares it without one).

DROP INDEX "transactions_workspace_id_status_created_at_id_idx";
CREATE INDEX "transactions_workspace_id_status_created_at_id_idx" ON "transactions" ("workspace_id", "status", "created_at", "id")
    WHERE "status" <> 'completed';

DROP INDEX "transactions_workspace_id_account_id_created_at_id_idx";
CREATE INDEX "transactions_account_rows_idx" ON "transactions" ("workspace_id", "account_id", "created_at", "id", "status", "transaction_type", "coins");

-- 3. What the search relies on to read only the rows that can match by name, written as a rule of
--    the table: a row with names (an originator, a beneficiary or an addenda line) is a bank row
--    of one coin. (Not "a row with a search key": a row whose addenda is NULL, as crypto and trade
--    rows written by the API are, has a key without names.) An account's rows that may match by
--    name are then those of its index entries of type `bank` and, with a coin,
--    `coins = ARRAY[coin]`: checked in the index, only they are read from the table.
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_named_rows_are_bank"
    CHECK (("originator_name" IS NULL AND "beneficiary_name" IS NULL AND coalesce(cardinality("addenda"), 0) = 0)
        OR ("transaction_type" = 'bank' AND cardinality("coins") = 1));

-- The migration runs in one transaction: from its first DROP INDEX to its end, reads and writes of
-- transactions wait (17 s at 10M on an idle two-core machine).
