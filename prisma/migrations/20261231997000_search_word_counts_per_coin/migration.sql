-- The word counts per account also per coin (issue 37; src/core/transactions/search-both.ts).
-- A one-word search with a coin subtracts the rows matching both by name and by their account's
-- email; without the coin in these counts those rows were counted from the rows' own search keys
-- or the matching groups: at 10,000,000 rows "chen" in USD took 237 ms p50 (67,000 rows of its
-- 1,045 accounts read), "pay" in USD 152. A row with names is a bank row of one coin (`coin`, the
-- check transactions_named_rows_are_bank), so its words are counted under that coin, and a count
-- of every coin is the sum of the coins' (10M: 4.6M rows where there were 3.3M). The coin comes
-- before the type and status in the key: a coin's counts of a word and account are one range.

ALTER TABLE "search_word_counts" DROP CONSTRAINT "search_word_counts_pkey";
-- Emptied whole (TRUNCATE: new storage, where a DELETE would leave the old rows' space to the table).
TRUNCATE "search_word_counts";
ALTER TABLE "search_word_counts" ADD COLUMN "coin" TEXT NOT NULL;

-- Existing rows: their words (the same expression as rebuildSearchWordCounts).
INSERT INTO "search_word_counts" ("workspace_id", "word", "account_id", "coin", "transaction_type", "status", "n")
SELECT t."workspace_id", w.word, t."account_id", t."coin", t."transaction_type", t."status", count(*)
FROM "transactions" t CROSS JOIN LATERAL (
  SELECT DISTINCT x AS word
  FROM regexp_split_to_table(lower(array_to_string(ARRAY[t."originator_name", t."beneficiary_name"] || t."addenda", E'\n')), '[^[:alnum:]]+') AS x
  WHERE x <> ''
) w
WHERE t."search_key" IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6
ORDER BY 1, 2, 3, 4, 5, 6;

ALTER TABLE "search_word_counts" ADD CONSTRAINT "search_word_counts_pkey"
    PRIMARY KEY ("workspace_id", "word", "account_id", "coin", "transaction_type", "status");

-- Statistics at once (a table rewritten whole): without them the planner guesses its size.
ANALYZE "search_word_counts";
