-- Erasure and retention (issue 36): an erased account keeps its id, status and money records,
-- loses its email; the verification records when it was rejected (the retention clock); the
-- workspace says how long documents of rejected verifications are kept (null: forever).
ALTER TABLE "accounts" ALTER COLUMN "email" DROP NOT NULL,
ADD COLUMN "erased_at" TIMESTAMPTZ(3),
ADD COLUMN "erased" TEXT[] DEFAULT ARRAY[]::TEXT[];

ALTER TABLE "banking_verifications" ADD COLUMN "rejected_at" TIMESTAMPTZ(3);

ALTER TABLE "workspaces" ADD COLUMN "document_retention_days" INTEGER;
