-- An account's rows with names by time, with what a search counts them by (issue 37;
-- src/core/transactions/search-words.ts, search-dense.ts).
--
-- A one-word search whose word is in both names and account emails counts the rows in both: the
-- emails' accounts' rows whose names match. With a coin or dates those rows were read from the
-- table for their names (at 10,000,000 rows "soylent" in USD read 49,000, "pay" over 30 days
-- 24,000: 0.13-0.28 s). Their search key (their names' group) answers it instead, as it already
-- did without them: a matching group's key, not shared by another value, matches all its rows. The
-- index of an account's rows with a key now holds, after the account, the row's time (a range of
-- dates is a range of entries) and, for the count, its key, status and coin: counted from the
-- index alone. Its type is not needed: a row with names is a bank row (the check below).
-- 8 bytes more an entry (the time), entries only for the rows with names (45% at 10M): about 3.6
-- bytes a transaction.

DROP INDEX "transactions_account_search_key_idx";
CREATE INDEX "transactions_account_named_idx" ON "transactions" ("workspace_id", "account_id", "created_at")
    INCLUDE ("search_key", "status", "coin") WHERE "search_key" IS NOT NULL;

-- A bank row's one coin is its `coin` too (every write made it so), now a rule of the table: a row
-- with names is counted under `coin` from the index above.
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_named_rows_are_bank";
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_named_rows_are_bank"
    CHECK (("originator_name" IS NULL AND "beneficiary_name" IS NULL AND coalesce(cardinality("addenda"), 0) = 0)
        OR ("transaction_type" = 'bank' AND "coins" = ARRAY["coin"]));
