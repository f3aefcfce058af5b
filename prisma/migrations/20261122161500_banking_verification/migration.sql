-- CreateEnum
CREATE TYPE "verification_status" AS ENUM ('saved', 'submitted', 'needs_update', 'completed');

-- CreateEnum
CREATE TYPE "id_document_type" AS ENUM ('passport', 'driver_license', 'national_id', 'ssn', 'itin', 'ein', 'other');

-- CreateTable
CREATE TABLE "banking_verifications" (
    "account_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "status" "verification_status" NOT NULL DEFAULT 'saved',
    "date_of_birth_enc" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "id_number_enc" TEXT NOT NULL,
    "id_number_last4" TEXT,
    "id_document_type" "id_document_type" NOT NULL,
    "id_issue_date" DATE,
    "id_expiry_date" DATE,
    "id_country_of_issue" TEXT,
    "nationality" TEXT,
    "address1" TEXT NOT NULL,
    "address2" TEXT,
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "postal_code" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "link_token_hash" TEXT NOT NULL,
    "link_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "saved_at" TIMESTAMPTZ(3) NOT NULL,
    "submitted_at" TIMESTAMPTZ(3),

    CONSTRAINT "banking_verifications_pkey" PRIMARY KEY ("account_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "banking_verifications_link_token_hash_key" ON "banking_verifications"("link_token_hash");

-- CreateIndex
CREATE INDEX "banking_verifications_workspace_id_status_idx" ON "banking_verifications"("workspace_id", "status");

-- AddForeignKey
ALTER TABLE "banking_verifications" ADD CONSTRAINT "banking_verifications_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "banking_verifications" ADD CONSTRAINT "banking_verifications_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
