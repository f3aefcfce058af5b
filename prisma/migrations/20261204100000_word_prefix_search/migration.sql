-- Word-prefix search (issue 27, "The search decision"; src/core/transactions/transaction-search.ts).
-- A query's words must be the starts of consecutive words of one field. The trigram index and the
-- function it was built on go; a GIN index over the fields' words (a tsvector with positions)
-- replaces them, and one over each account's email words replaces the substring match on emails.

DROP INDEX "transactions_search_idx";
DROP FUNCTION transaction_search_text(text, text, text, text, text, text, text[]);

-- The words of `fields`, lower-cased and split on anything that is not a letter or digit, as a
-- tsvector whose positions follow the words, with a gap between fields so that a phrase cannot
-- run from one field into the next. to_tsvector's parser alone would keep emails, hosts and
-- hyphenated numbers as compound tokens and split `1e5x` in two, so the words are cut here, and
-- each is given an `a` in front so that the parser reads it as one plain word ('1e5x' -> 'a1e5x').
-- A bare `a` (the empty word before a leading separator) and the field separator `b` can be no
-- word's lexeme, and are deleted. PL/pgSQL: IMMUTABLE, so it can be indexed; called once per row
-- written and per row rechecked.
CREATE FUNCTION search_words(fields text[]) RETURNS tsvector LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  doc text := '';
  f text;
BEGIN
  FOREACH f IN ARRAY fields LOOP
    IF f IS NOT NULL THEN
      doc := doc || ' a' || regexp_replace(lower(f), '[^[:alnum:]]+', ' a', 'g') || ' b';
    END IF;
  END LOOP;
  RETURN ts_delete(to_tsvector('simple', doc), ARRAY['a', 'b']);
END
$$;

-- The query's words as a phrase of prefixes ('a<w1>':* <-> 'a<w2>':* ...), split as search_words
-- splits fields. NULL when the query has no word (it then matches no field).
CREATE FUNCTION search_phrase(query text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg('''a' || w || ''':*', ' <-> ' ORDER BY i)::tsquery
  FROM regexp_split_to_table(lower(query), '[^[:alnum:]]+') WITH ORDINALITY AS x(w, i)
  WHERE w <> ''
$$;

CREATE INDEX "transactions_search_words_idx" ON "transactions" USING GIN (
  search_words(ARRAY["reference", "transaction_reference", "imad", "trace_number",
                     "originator_name", "beneficiary_name"] || "addenda"));

CREATE INDEX "accounts_email_words_idx" ON "accounts" USING GIN (search_words(ARRAY["email"]));
