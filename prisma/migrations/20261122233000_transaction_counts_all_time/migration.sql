-- All-time rows in transaction_counts (day 0001-01-01, see ALL_TIME in
-- src/core/transactions/transaction-counts.ts): a total without dates then sums a few dozen rows
-- instead of one per day of history. Filled here from the day rows already kept.
INSERT INTO "transaction_counts" ("workspace_id", "coin", "day", "transaction_type", "status", "n")
SELECT "workspace_id", "coin", DATE '0001-01-01', "transaction_type", "status", sum("n")
FROM "transaction_counts"
GROUP BY "workspace_id", "coin", "transaction_type", "status";
