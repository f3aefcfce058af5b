-- CreateEnum
CREATE TYPE "business_type" AS ENUM ('corporation', 'llc', 'partnership', 'sole_proprietorship', 'non_profit', 'other');

-- AlterTable: a business's verification row has no individual identity. Written per column and
-- only for columns still present, so it applies whatever an earlier migration did to these columns
-- (the individual's phone and street address move to sealed columns in another change).
DO $$
DECLARE col text;
BEGIN
  FOREACH col IN ARRAY ARRAY['date_of_birth_enc', 'phone', 'phone_enc', 'phone_masked', 'id_number_enc', 'id_document_type', 'address1', 'address1_enc', 'city', 'state', 'postal_code', 'country'] LOOP
    IF EXISTS (SELECT 1 FROM information_schema.columns
               WHERE table_schema = current_schema() AND table_name = 'banking_verifications' AND column_name = col) THEN
      EXECUTE format('ALTER TABLE banking_verifications ALTER COLUMN %I DROP NOT NULL', col);
    END IF;
  END LOOP;
END $$;

-- CreateTable
CREATE TABLE "business_verifications" (
    "account_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "legal_name" TEXT NOT NULL,
    "trade_name" TEXT,
    "business_type" "business_type" NOT NULL,
    "registration_number" TEXT NOT NULL,
    "country_of_incorporation" TEXT NOT NULL,
    "state_of_incorporation" TEXT,
    "incorporation_date" DATE NOT NULL,
    "tax_id_enc" TEXT NOT NULL,
    "tax_id_last4" TEXT,
    "address1" TEXT NOT NULL,
    "address2" TEXT,
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "postal_code" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "website" TEXT,
    "phone" TEXT,

    CONSTRAINT "business_verifications_pkey" PRIMARY KEY ("workspace_id","account_id")
);

-- CreateTable
CREATE TABLE "business_people" (
    "workspace_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "name_enc" TEXT NOT NULL,
    "name_initials" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "is_owner" BOOLEAN NOT NULL,
    "is_controller" BOOLEAN NOT NULL,
    "ownership_percent" DECIMAL(5,2),
    "date_of_birth_enc" TEXT NOT NULL,
    "phone_enc" TEXT NOT NULL,
    "phone_masked" TEXT NOT NULL,
    "id_number_enc" TEXT NOT NULL,
    "id_number_last4" TEXT,
    "id_document_type" "id_document_type" NOT NULL,
    "id_issue_date" DATE,
    "id_expiry_date" DATE,
    "id_country_of_issue" TEXT,
    "nationality" TEXT,
    "address_enc" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "country" TEXT NOT NULL,

    CONSTRAINT "business_people_pkey" PRIMARY KEY ("workspace_id","account_id","position")
);

-- AddForeignKey
ALTER TABLE "business_verifications" ADD CONSTRAINT "business_verifications_workspace_id_account_id_fkey" FOREIGN KEY ("workspace_id", "account_id") REFERENCES "banking_verifications"("workspace_id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "business_people" ADD CONSTRAINT "business_people_workspace_id_account_id_fkey" FOREIGN KEY ("workspace_id", "account_id") REFERENCES "business_verifications"("workspace_id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;
