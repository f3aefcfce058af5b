-- A one-word search whose query starts several counted words, counted exactly (issue 37;
-- src/core/transactions/search-words.ts). The word counts count a row once per distinct word of its
-- names, so "pay" (payment, payroll) counted a row holding both twice: such a search read the
-- matching search groups instead (405,663 of them, 5.1 s at 10,000,000 rows). In bytewise order a
-- row's words starting with a query are consecutive; the row is counted once if each word whose
-- predecessor among the row's words also starts with the query is not counted. A predecessor that
-- starts with a query of 3 or more characters shares at least 3 first characters with the word, so
-- this table keeps those pairs only: one row per (transaction, word) whose predecessor in the row
-- (`prev`) shares its first 3 characters, about 0.5% of the named rows' words (about 24,000 rows at
-- 10,000,000 transactions, under 0.3 bytes a transaction). A query of 1 or 2 characters starting
-- several words is left to the search groups, as before. The row's filters (account, coins, type,
-- status, time) are columns, so every count it corrects can be corrected with the same filter.
-- Written with the row, its status kept by the status change (search-word-counts.ts).

CREATE TABLE "search_word_repeats" (
    "workspace_id" UUID NOT NULL,
    "word" TEXT COLLATE "C" NOT NULL,
    "transaction_id" UUID NOT NULL,
    "prev" TEXT COLLATE "C" NOT NULL,
    "account_id" UUID NOT NULL,
    "coins" TEXT[],
    "transaction_type" "transaction_type" NOT NULL,
    "status" "transaction_status" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "search_word_repeats_pkey" PRIMARY KEY ("workspace_id","word","transaction_id")
);

CREATE INDEX "search_word_repeats_workspace_id_transaction_id_idx" ON "search_word_repeats"("workspace_id", "transaction_id");

ALTER TABLE "search_word_repeats" ADD CONSTRAINT "search_word_repeats_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing rows: their words (the same expression as rebuildSearchWordCounts), each with its predecessor.
INSERT INTO "search_word_repeats" ("workspace_id", "word", "transaction_id", "prev", "account_id", "coins", "transaction_type", "status", "created_at")
SELECT t."workspace_id", w.word, t."id", w.prev, t."account_id", t."coins", t."transaction_type", t."status", t."created_at"
FROM "transactions" t CROSS JOIN LATERAL (
  SELECT word, prev FROM (
    SELECT word, lag(word) OVER (ORDER BY word) AS prev FROM (
      SELECT DISTINCT x COLLATE "C" AS word
      FROM regexp_split_to_table(lower(array_to_string(ARRAY[t."originator_name", t."beneficiary_name"] || t."addenda", E'\n')), '[^[:alnum:]]+') AS x
      WHERE x <> ''
    ) d
  ) l
  WHERE left(prev, 3) = left(word, 3)
) w
WHERE t."search_key" IS NOT NULL;

ANALYZE "search_word_repeats";
