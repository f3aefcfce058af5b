-- The type index leaves out bank rows (issue 37; docs/benchmarks.md "storage"), as the status
-- index leaves out completed rows (migration partial_status_covering_account_index): room within
-- the storage budget for the word counts per coin (migration search_word_counts_per_coin).
-- A list of bank rows walks the time index and checks each row's type (45% of the rows at
-- 10,000,000: about 2 rows read a row shown; deep pages go through the day counts, totals come
-- from the counts). At 10M, same session, p50 / p99 ms with the whole index and without its bank
-- rows: bank 10.0 / 16.1 -> 6.9 / 8.7, page 1000 10.9 / 13.5 -> 10.4 / 14.0, + USD 4.7 / 8.4 ->
-- 3.8 / 7.4, one day 5.3 / 10.5 -> 3.4 / 8.8; crypto and trade unchanged. 67.7 -> 37.2 bytes a
-- transaction. A workspace with few bank rows among many others reads more rows per bank row shown.
-- Prisma does not describe the predicate (schema.prisma declares the index without it).

DROP INDEX "transactions_workspace_id_transaction_type_created_at_id_idx";
CREATE INDEX "transactions_workspace_id_transaction_type_created_at_id_idx" ON "transactions" ("workspace_id", "transaction_type", "created_at", "id")
    WHERE "transaction_type" <> 'bank';

-- The migration runs in one transaction: from the DROP INDEX to its end, reads and writes of
-- transactions wait (about 6 s at 10M on an idle two-core machine).
