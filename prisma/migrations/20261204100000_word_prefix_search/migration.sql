-- Word-prefix search (issue 27, "The search decision"; src/core/transactions/transaction-search.ts).
-- A query's words must be the starts of consecutive words of one field. The trigram index and the
-- function it was built on go. A GIN index over short keys of the fields' words finds candidates;
-- each candidate is then matched against the query's pattern (search_pattern).

DROP INDEX "transactions_search_idx";
DROP FUNCTION transaction_search_text(text, text, text, text, text, text, text[]);

-- The pattern of a query: its words (lower-cased, split on anything not a letter or digit), the
-- first at the start of a word, each next one at the start of the next word, within one line.
-- Matched against the fields, lower-cased, one per line (no field holds a control character:
-- openapi.yaml), so that a phrase cannot run from one field into the next. The words hold only
-- letters and digits: nothing in them is special to a regular expression. NULL when the query has
-- no word (it then matches no field).
CREATE FUNCTION search_pattern(query text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT '(^|[^[:alnum:]])' || string_agg(w, '[[:alnum:]]*[^[:alnum:]\n]+' ORDER BY i)
  FROM regexp_split_to_table(lower(query), '[^[:alnum:]]+') WITH ORDINALITY AS x(w, i)
  WHERE w <> ''
$$;

-- The keys of `fields`: the first 4 characters of each word (lower-cased, split on anything not
-- a letter or digit), once, without positions. Indexed. Few keys, each of many rows: a prefix of
-- whole words, searched as a range of keys, would gather the rows of every distinct word it
-- starts (`2026` starts every IMAD). PL/pgSQL: an IMMUTABLE SQL function over STABLE ones
-- (array_to_string) is not inlined and costs more per call.
CREATE FUNCTION search_keys(fields text[]) RETURNS tsvector LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN array_to_tsvector(array_remove(regexp_split_to_array(
    regexp_replace(lower(array_to_string(fields, ' ')), '([[:alnum:]]{4})[[:alnum:]]*', '\1', 'g'),
    '[^[:alnum:]]+'), ''));
END
$$;

-- The keys a match must have: the key of each query word of 4 characters or more (one key each,
-- looked up exactly: GIN skips through their rows from the rarest); a query of shorter words
-- only, each as a range of keys. NULL when the query has no word.
CREATE FUNCTION search_key_query(query text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN bool_or(length(w) >= 4)
    THEN string_agg(DISTINCT '''' || left(w, 4) || '''', ' & ') FILTER (WHERE length(w) >= 4)
    ELSE string_agg(DISTINCT '''' || w || ''':*', ' & ')
  END::tsquery
  FROM regexp_split_to_table(lower(query), '[^[:alnum:]]+') AS w
  WHERE w <> ''
$$;

CREATE INDEX "transactions_search_keys_idx" ON "transactions" USING GIN (
  search_keys(ARRAY["reference", "transaction_reference", "imad", "trace_number",
                    "originator_name", "beneficiary_name"] || "addenda"));

CREATE INDEX "accounts_email_keys_idx" ON "accounts" USING GIN (search_keys(ARRAY["email"]));
