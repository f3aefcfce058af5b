-- SPEC 2.4: reference and statusReason are always strings; '' stands for "none given".
UPDATE "transactions" SET "reference" = '' WHERE "reference" IS NULL;
UPDATE "transactions" SET "status_reason" = '' WHERE "status_reason" IS NULL;

-- Each statusHistory entry's statusReason too (order of entries kept: newest first).
UPDATE "transactions" t SET "status_history" = (
  SELECT jsonb_agg(
    CASE WHEN jsonb_typeof(e.value -> 'statusReason') IS DISTINCT FROM 'string'
      THEN jsonb_set(e.value, '{statusReason}', '""'::jsonb, true) ELSE e.value END
    ORDER BY e.ord)
  FROM jsonb_array_elements(t."status_history") WITH ORDINALITY AS e(value, ord)
)
WHERE jsonb_typeof(t."status_history") = 'array' AND jsonb_array_length(t."status_history") > 0
  AND EXISTS (
    SELECT 1 FROM jsonb_array_elements(t."status_history") AS x(value)
    WHERE jsonb_typeof(x.value -> 'statusReason') IS DISTINCT FROM 'string'
  );

ALTER TABLE "transactions" ALTER COLUMN "reference" SET DEFAULT '',
  ALTER COLUMN "reference" SET NOT NULL,
  ALTER COLUMN "status_reason" SET DEFAULT '',
  ALTER COLUMN "status_reason" SET NOT NULL;
