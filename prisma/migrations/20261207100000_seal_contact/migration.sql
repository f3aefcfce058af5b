-- The holder's phone and street address are sealed like the other PII (AES-256-GCM under the
-- master key, which SQL cannot reach): sealed columns beside the clear ones. The server fills them
-- from the clear columns in code (src/core/kyc/seal-contact.ts) before the next migration, which
-- drops the clear columns.
ALTER TABLE "banking_verifications" ADD COLUMN "phone_enc" TEXT,
ADD COLUMN "phone_masked" TEXT,
ADD COLUMN "address1_enc" TEXT,
ADD COLUMN "address2_enc" TEXT;
