-- Every key of a tenant table carries workspace_id, so the tables can be distributed by workspace
-- (Citus: each PRIMARY KEY / UNIQUE includes the distribution column, and a foreign key between
-- distributed tables includes it on both sides). docs/operations.md "Sharding keys" lists the
-- global tables and why; test/db/distribution-keys.test.ts holds the rule.

-- The two child tables without workspace_id get it from their parents (existing rows backfilled).
ALTER TABLE "kyc_document_chunks" ADD COLUMN "workspace_id" UUID;
UPDATE "kyc_document_chunks" c SET "workspace_id" = d."workspace_id" FROM "kyc_documents" d WHERE d."id" = c."document_id";
ALTER TABLE "kyc_document_chunks" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "webhook_attempts" ADD COLUMN "workspace_id" UUID;
UPDATE "webhook_attempts" a SET "workspace_id" = d."workspace_id" FROM "webhook_deliveries" d WHERE d."id" = a."delivery_id";
ALTER TABLE "webhook_attempts" ALTER COLUMN "workspace_id" SET NOT NULL;

-- DropForeignKey
ALTER TABLE "account_transaction_counts" DROP CONSTRAINT "account_transaction_counts_account_id_fkey";

-- DropForeignKey
ALTER TABLE "bank_account_links" DROP CONSTRAINT "bank_account_links_account_id_fkey";

-- DropForeignKey
ALTER TABLE "banking_verifications" DROP CONSTRAINT "banking_verifications_account_id_fkey";

-- DropForeignKey
ALTER TABLE "crypto_beneficiaries" DROP CONSTRAINT "crypto_beneficiaries_account_id_fkey";

-- DropForeignKey
ALTER TABLE "crypto_wallets" DROP CONSTRAINT "crypto_wallets_account_id_fkey";

-- DropForeignKey
ALTER TABLE "kyc_document_chunks" DROP CONSTRAINT "kyc_document_chunks_document_id_fkey";

-- DropForeignKey
ALTER TABLE "kyc_documents" DROP CONSTRAINT "kyc_documents_account_id_fkey";

-- DropForeignKey
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_account_id_fkey";

-- DropForeignKey
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_delivery_id_fkey";

-- DropForeignKey
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_id_fkey";

-- DropForeignKey
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_target_id_fkey";

-- DropIndex
DROP INDEX "banking_verifications_link_token_hash_key";

-- DropIndex
DROP INDEX "crypto_wallets_account_id_coin_network_key";

-- DropIndex
DROP INDEX "crypto_wallets_workspace_id_idx";

-- DropIndex
DROP INDEX "kyc_documents_workspace_id_idx";

-- AlterTable
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_pkey",
ADD CONSTRAINT "accounts_pkey" PRIMARY KEY ("workspace_id", "id");

-- AlterTable
ALTER TABLE "bank_account_links" DROP CONSTRAINT "bank_account_links_pkey",
ADD CONSTRAINT "bank_account_links_pkey" PRIMARY KEY ("workspace_id", "id");

-- AlterTable
ALTER TABLE "banking_verifications" DROP CONSTRAINT "banking_verifications_pkey",
ADD CONSTRAINT "banking_verifications_pkey" PRIMARY KEY ("workspace_id", "account_id");

-- AlterTable
ALTER TABLE "crypto_beneficiaries" DROP CONSTRAINT "crypto_beneficiaries_pkey",
ADD CONSTRAINT "crypto_beneficiaries_pkey" PRIMARY KEY ("workspace_id", "id");

-- AlterTable
ALTER TABLE "crypto_wallets" DROP CONSTRAINT "crypto_wallets_pkey",
ADD CONSTRAINT "crypto_wallets_pkey" PRIMARY KEY ("workspace_id", "id");

-- AlterTable
ALTER TABLE "events" DROP CONSTRAINT "events_pkey",
ADD CONSTRAINT "events_pkey" PRIMARY KEY ("workspace_id", "id");

-- AlterTable
ALTER TABLE "kyc_document_chunks" DROP CONSTRAINT "kyc_document_chunks_pkey",
ADD CONSTRAINT "kyc_document_chunks_pkey" PRIMARY KEY ("workspace_id", "document_id", "seq");

-- AlterTable
ALTER TABLE "kyc_document_reads" DROP CONSTRAINT "kyc_document_reads_pkey",
ADD CONSTRAINT "kyc_document_reads_pkey" PRIMARY KEY ("workspace_id", "id");

-- AlterTable
ALTER TABLE "kyc_documents" DROP CONSTRAINT "kyc_documents_pkey",
ADD CONSTRAINT "kyc_documents_pkey" PRIMARY KEY ("workspace_id", "id");

-- AlterTable
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_pkey",
ADD CONSTRAINT "transactions_pkey" PRIMARY KEY ("workspace_id", "id");

-- AlterTable
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_pkey",
ADD CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("workspace_id", "id");

-- AlterTable
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_pkey",
ADD CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("workspace_id", "id");

-- AlterTable
ALTER TABLE "webhook_targets" DROP CONSTRAINT "webhook_targets_pkey",
ADD CONSTRAINT "webhook_targets_pkey" PRIMARY KEY ("workspace_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "banking_verifications_link_token_hash_workspace_id_key" ON "banking_verifications"("link_token_hash", "workspace_id");

-- CreateIndex
CREATE UNIQUE INDEX "crypto_wallets_workspace_id_account_id_coin_network_key" ON "crypto_wallets"("workspace_id", "account_id", "coin", "network");

-- AddForeignKey
ALTER TABLE "banking_verifications" ADD CONSTRAINT "banking_verifications_workspace_id_account_id_fkey" FOREIGN KEY ("workspace_id", "account_id") REFERENCES "accounts"("workspace_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_workspace_id_account_id_fkey" FOREIGN KEY ("workspace_id", "account_id") REFERENCES "accounts"("workspace_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_transaction_counts" ADD CONSTRAINT "account_transaction_counts_workspace_id_account_id_fkey" FOREIGN KEY ("workspace_id", "account_id") REFERENCES "accounts"("workspace_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_workspace_id_event_id_fkey" FOREIGN KEY ("workspace_id", "event_id") REFERENCES "events"("workspace_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_workspace_id_target_id_fkey" FOREIGN KEY ("workspace_id", "target_id") REFERENCES "webhook_targets"("workspace_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_workspace_id_delivery_id_fkey" FOREIGN KEY ("workspace_id", "delivery_id") REFERENCES "webhook_deliveries"("workspace_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crypto_wallets" ADD CONSTRAINT "crypto_wallets_workspace_id_account_id_fkey" FOREIGN KEY ("workspace_id", "account_id") REFERENCES "accounts"("workspace_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crypto_beneficiaries" ADD CONSTRAINT "crypto_beneficiaries_workspace_id_account_id_fkey" FOREIGN KEY ("workspace_id", "account_id") REFERENCES "accounts"("workspace_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_account_links" ADD CONSTRAINT "bank_account_links_workspace_id_account_id_fkey" FOREIGN KEY ("workspace_id", "account_id") REFERENCES "accounts"("workspace_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_workspace_id_account_id_fkey" FOREIGN KEY ("workspace_id", "account_id") REFERENCES "banking_verifications"("workspace_id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kyc_document_chunks" ADD CONSTRAINT "kyc_document_chunks_workspace_id_document_id_fkey" FOREIGN KEY ("workspace_id", "document_id") REFERENCES "kyc_documents"("workspace_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
