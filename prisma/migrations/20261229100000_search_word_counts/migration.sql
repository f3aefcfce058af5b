-- A one-word search's exact total from a few counts (issue 37; src/core/transactions/search-words.ts).
-- The word "soylent" is in 15,310 search groups at 10,000,000 rows (each ACH `PAYMENT <n>` line is
-- a text of its own): finding them and summing their keys' counts took ~800 ms. This table holds,
-- per word of the name-like fields (the runs of letters and digits of their lower-cased text, as
-- the search's pattern reads them), account, type and status, how many transactions carry the
-- word, each counted once per distinct word. A query of one word that starts exactly one counted
-- word sums that word's rows (the names' total), and its rows of the accounts whose email matches
-- (what the names and the emails both count). Kept in the insert's and the status change's
-- database transaction (search-word-counts.ts). `word` is compared bytewise (COLLATE "C") so a
-- prefix is a range of the primary key.

CREATE TABLE "search_word_counts" (
    "workspace_id" UUID NOT NULL,
    "word" TEXT COLLATE "C" NOT NULL,
    "account_id" UUID NOT NULL,
    "transaction_type" "transaction_type" NOT NULL,
    "status" "transaction_status" NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "search_word_counts_pkey" PRIMARY KEY ("workspace_id","word","account_id","transaction_type","status")
);

ALTER TABLE "search_word_counts" ADD CONSTRAINT "search_word_counts_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing rows: their words (the same expression as rebuildSearchWordCounts).
INSERT INTO "search_word_counts" ("workspace_id", "word", "account_id", "transaction_type", "status", "n")
SELECT t."workspace_id", w.word, t."account_id", t."transaction_type", t."status", count(*)
FROM "transactions" t CROSS JOIN LATERAL (
  SELECT DISTINCT x AS word
  FROM regexp_split_to_table(lower(array_to_string(ARRAY[t."originator_name", t."beneficiary_name"] || t."addenda", E'\n')), '[^[:alnum:]]+') AS x
  WHERE x <> ''
) w
WHERE t."search_key" IS NOT NULL
GROUP BY 1, 2, 3, 4, 5
ORDER BY 1, 2, 3, 4, 5;

-- Statistics at once (a new table of millions of rows): without them the planner guesses its size.
ANALYZE "search_word_counts";
