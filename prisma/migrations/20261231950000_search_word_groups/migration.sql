-- How many search groups hold each word (issue 37; src/core/transactions/search-words.ts). A
-- one-word search in both names and account emails counts the rows in both either from the
-- matching groups' keys (cheap when they are few: "soylent", 15,310 groups at 10,000,000 rows) or
-- by reading the candidate rows' names (cheap when the groups are many: "payment", in 404,186
-- groups, one per addenda line). This count is what tells them apart, kept when a group is first
-- written (search-groups.ts). An estimate for that choice only: both ways are exact. Only words
-- two or more groups hold are kept (a word of one group is one group: 308,214 of 352,401 words at
-- 10M, most of them unique numbers).

-- CreateTable
CREATE TABLE "search_word_groups" (
    "workspace_id" UUID NOT NULL,
    "word" TEXT NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "search_word_groups_pkey" PRIMARY KEY ("workspace_id","word")
);

-- AddForeignKey
ALTER TABLE "search_word_groups" ADD CONSTRAINT "search_word_groups_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "search_word_groups" ("workspace_id", "word", "n")
SELECT g."workspace_id", w.word, count(*)
FROM "search_groups" g
  CROSS JOIN LATERAL (SELECT DISTINCT x AS word FROM regexp_split_to_table(lower(g."text"), '[^[:alnum:]]+') AS x WHERE x <> '') w
GROUP BY 1, 2
HAVING count(*) > 1
ORDER BY 1, 2;
