-- Half the bytes per transaction (issue 13, docs/benchmarks.md "Storage"):
--
-- 1. `status_history` (jsonb objects, about 290 bytes for three entries) becomes
--    `previous_statuses`: the entries before the current one, as [status, statusReason, date]
--    arrays. The current entry is always (status, status_reason, updated_at): every write sets the
--    three together, so storing it twice bought nothing. A new transaction has [].
--
-- 2. The stored `search_text` column (about 140 bytes) and its trigram index go. Search reads:
--    - trigrams of transaction_search_text(...), an expression over the free-text fields;
--    - prefixes of id (a range of the primary key), tx_hash and target_address (B-trees): random
--      hex made most of the trigram index (348 -> 103 bytes per transaction without it) and made
--      every digit trigram common, slowing searches for references;
--    - the account's email through a trigram index on accounts (one email, many transactions).

-- 1. Status history. Refuse to drop anything if a row breaks the rule the new layout relies on.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "transactions"
    WHERE "status_history"->0->>'status' IS DISTINCT FROM "status"::text
       OR "status_history"->0->>'statusReason' IS DISTINCT FROM "status_reason"
       OR ("status_history"->0->>'date')::timestamptz IS DISTINCT FROM "updated_at"
  ) THEN
    RAISE EXCEPTION 'a transaction''s newest status_history entry differs from its status, status_reason and updated_at';
  END IF;
END $$;

ALTER TABLE "transactions" ADD COLUMN "previous_statuses" JSONB NOT NULL DEFAULT '[]';
UPDATE "transactions" SET "previous_statuses" = COALESCE(
  (SELECT jsonb_agg(jsonb_build_array(e->>'status', e->>'statusReason', e->>'date') ORDER BY o)
   FROM jsonb_array_elements("status_history") WITH ORDINALITY AS x(e, o)
   WHERE o > 1),
  '[]'::jsonb)
WHERE jsonb_array_length("status_history") > 1;
ALTER TABLE "transactions" ALTER COLUMN "previous_statuses" DROP DEFAULT;
ALTER TABLE "transactions" DROP COLUMN "status_history";

-- 2. Search.
DROP INDEX "transactions_search_text_idx";
ALTER TABLE "transactions" DROP COLUMN "search_text";

-- IMMUTABLE though concat_ws and array_to_string are STABLE: on text arguments their result
-- depends on nothing but the arguments (STABLE covers other types' output functions). PL/pgSQL
-- rather than SQL: an IMMUTABLE SQL function over STABLE ones is not inlined, and a search
-- rechecks every candidate row with it (about 1.8 us a call against 3.5-4.4 us measured).
CREATE FUNCTION transaction_search_text(
  reference text, transaction_reference text, imad text, trace_number text,
  originator_name text, beneficiary_name text, addenda text[]
) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN lower(concat_ws(E'\n', reference, transaction_reference, imad, trace_number,
                              originator_name, beneficiary_name, array_to_string(addenda, E'\n')));
END
$$;

CREATE INDEX "transactions_search_idx" ON "transactions" USING GIN (
  transaction_search_text("reference", "transaction_reference", "imad", "trace_number",
                          "originator_name", "beneficiary_name", "addenda") gin_trgm_ops);
CREATE INDEX "transactions_tx_hash_prefix_idx" ON "transactions" (lower("tx_hash") text_pattern_ops)
  WHERE "tx_hash" IS NOT NULL;
CREATE INDEX "transactions_target_address_prefix_idx" ON "transactions" (lower("target_address") text_pattern_ops)
  WHERE "target_address" IS NOT NULL;

CREATE INDEX "accounts_email_idx" ON "accounts" USING GIN ("email" gin_trgm_ops);
