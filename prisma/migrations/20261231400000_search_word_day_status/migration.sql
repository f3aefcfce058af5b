-- A one-word search over dates with a status or a type, counted from a few rows (issue 37;
-- src/core/transactions/search-words.ts). search_word_day_counts had no status or type in its key,
-- so such a search read the matching rows: "soylent" over the last 30 days with status completed
-- took 1.9 s at 10,000,000 rows. The counts per word and UTC day are now also per type and status,
-- as the other word counts: 604,158 rows against 438,477 at 10,000,000 transactions (81.6 MB, 8.2
-- bytes a transaction against 5.2, docs/benchmarks.md; 114 s to migrate there). A status change now moves a row's words between the
-- counts of its statuses here too (search-word-counts.ts). The counts are rebuilt from the rows.

DROP TABLE "search_word_day_counts";

CREATE TABLE "search_word_day_counts" (
    "workspace_id" UUID NOT NULL,
    "word" TEXT COLLATE "C" NOT NULL,
    "day" DATE NOT NULL,
    "transaction_type" "transaction_type" NOT NULL,
    "status" "transaction_status" NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "search_word_day_counts_pkey" PRIMARY KEY ("workspace_id","word","day","transaction_type","status")
);

ALTER TABLE "search_word_day_counts" ADD CONSTRAINT "search_word_day_counts_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing rows: their words (the same expression as rebuildSearchWordCounts) under their UTC day, type and status.
INSERT INTO "search_word_day_counts" ("workspace_id", "word", "day", "transaction_type", "status", "n")
SELECT t."workspace_id", w.word, (t."created_at" AT TIME ZONE 'UTC')::date, t."transaction_type", t."status", count(*)
FROM "transactions" t CROSS JOIN LATERAL (
  SELECT DISTINCT x AS word
  FROM regexp_split_to_table(lower(array_to_string(ARRAY[t."originator_name", t."beneficiary_name"] || t."addenda", E'\n')), '[^[:alnum:]]+') AS x
  WHERE x <> ''
) w
WHERE t."search_key" IS NOT NULL
GROUP BY 1, 2, 3, 4, 5
ORDER BY 1, 2, 3, 4, 5;

ANALYZE "search_word_day_counts";
