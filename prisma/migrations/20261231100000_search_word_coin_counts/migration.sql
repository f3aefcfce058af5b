-- A one-word search with a coin filter, counted from a few rows (issue 37; src/core/transactions/search-words.ts).
-- With a coin, a one-word search read every candidate row to check its coins: "soylent" with USD
-- (215,351 matches) took 2.3 s at 10,000,000 rows. This table holds, per word of the name-like
-- fields (as search_word_counts reads them), coin (each distinct one of the row's `coins`: a trade
-- counts under its base and its quote, as the coin filter `coins @> ARRAY[coin]` matches it), type
-- and status, how many transactions carry the word. No account in its key: a few rows per word and
-- coin (the coin in search_word_counts' key would have cost about 21 bytes a transaction; this,
-- about 6.5 at 1,000,000 rows and less beyond, docs/benchmarks.md). Kept by the statement that keeps
-- search_word_counts (search-word-counts.ts). `word` is compared bytewise, as there.

CREATE TABLE "search_word_coin_counts" (
    "workspace_id" UUID NOT NULL,
    "word" TEXT COLLATE "C" NOT NULL,
    "coin" TEXT NOT NULL,
    "transaction_type" "transaction_type" NOT NULL,
    "status" "transaction_status" NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "search_word_coin_counts_pkey" PRIMARY KEY ("workspace_id","word","coin","transaction_type","status")
);

ALTER TABLE "search_word_coin_counts" ADD CONSTRAINT "search_word_coin_counts_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing rows: their words (the same expression as rebuildSearchWordCounts) under each coin.
INSERT INTO "search_word_coin_counts" ("workspace_id", "word", "coin", "transaction_type", "status", "n")
SELECT t."workspace_id", w.word, c.coin, t."transaction_type", t."status", count(*)
FROM "transactions" t CROSS JOIN LATERAL (
  SELECT DISTINCT x AS word
  FROM regexp_split_to_table(lower(array_to_string(ARRAY[t."originator_name", t."beneficiary_name"] || t."addenda", E'\n')), '[^[:alnum:]]+') AS x
  WHERE x <> ''
) w CROSS JOIN LATERAL (SELECT DISTINCT x AS coin FROM unnest(t."coins") AS x) c
WHERE t."search_key" IS NOT NULL
GROUP BY 1, 2, 3, 4, 5
ORDER BY 1, 2, 3, 4, 5;

ANALYZE "search_word_coin_counts";
