-- Runs after the server sealed every row's phone and street address (seal-contact.ts, a migration
-- step run under the migration lock with the master key). A row still holding a clear value means
-- that step did not run: refuse rather than lose the data.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "banking_verifications" WHERE "phone_enc" IS NULL OR "phone_masked" IS NULL OR "address1_enc" IS NULL) THEN
    RAISE EXCEPTION 'banking_verifications holds phone numbers or addresses not yet sealed: apply this migration with fas serve or fas migrate, which seal them with the master key first';
  END IF;
END $$;

-- AlterTable
ALTER TABLE "banking_verifications" DROP COLUMN "address1",
DROP COLUMN "address2",
DROP COLUMN "phone",
ALTER COLUMN "phone_enc" SET NOT NULL,
ALTER COLUMN "phone_masked" SET NOT NULL,
ALTER COLUMN "address1_enc" SET NOT NULL;
