-- A one-word search over whole UTC days, counted from a few rows (issue 37; src/core/transactions/search-words.ts).
-- With dates, a one-word search read every candidate row to check its time: "soylent" over the last
-- 30 days took 1.1 s at 10,000,000 rows. This table holds, per word of the name-like fields (as
-- search_word_counts reads them) and UTC day of `created_at`, how many transactions carry the word.
-- No status, type, coin or account in its key (a status change does not touch it): 438,496 rows,
-- about 5.2 bytes a transaction at 10,000,000 (docs/benchmarks.md). Kept by the statement that keeps
-- search_word_counts (search-word-counts.ts), on creation only. `word` is compared bytewise, as there.

CREATE TABLE "search_word_day_counts" (
    "workspace_id" UUID NOT NULL,
    "word" TEXT COLLATE "C" NOT NULL,
    "day" DATE NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "search_word_day_counts_pkey" PRIMARY KEY ("workspace_id","word","day")
);

ALTER TABLE "search_word_day_counts" ADD CONSTRAINT "search_word_day_counts_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing rows: their words (the same expression as rebuildSearchWordCounts) under their UTC day.
INSERT INTO "search_word_day_counts" ("workspace_id", "word", "day", "n")
SELECT t."workspace_id", w.word, (t."created_at" AT TIME ZONE 'UTC')::date, count(*)
FROM "transactions" t CROSS JOIN LATERAL (
  SELECT DISTINCT x AS word
  FROM regexp_split_to_table(lower(array_to_string(ARRAY[t."originator_name", t."beneficiary_name"] || t."addenda", E'\n')), '[^[:alnum:]]+') AS x
  WHERE x <> ''
) w
WHERE t."search_key" IS NOT NULL
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3;

ANALYZE "search_word_day_counts";
