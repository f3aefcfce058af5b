-- Trigram indexes for substring search (available in PostgreSQL contrib and PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateEnum
CREATE TYPE "transaction_type" AS ENUM ('bank', 'crypto', 'trade');

-- CreateEnum
CREATE TYPE "transaction_status" AS ENUM ('pending', 'processing', 'completed', 'failed', 'canceled', 'returned');

-- CreateTable
CREATE TABLE "transactions" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "transaction_type" "transaction_type" NOT NULL,
    "reference" TEXT,
    "coins" TEXT[],
    "status" "transaction_status" NOT NULL,
    "status_reason" TEXT,
    "status_history" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "audit_admin_id" UUID,
    "audit_admin" TEXT,
    "audit_api_key" BOOLEAN NOT NULL,
    "search_text" TEXT NOT NULL,
    "detail_type" TEXT NOT NULL,
    "coin" TEXT NOT NULL,
    "amount" DECIMAL NOT NULL,
    "fee" DECIMAL NOT NULL,
    "total" DECIMAL NOT NULL,
    "instrument_type" TEXT,
    "transaction_reference" TEXT,
    "imad" TEXT,
    "originator_name" TEXT,
    "sender_account_number" TEXT,
    "sender_routing_number" TEXT,
    "sender_swift_code" TEXT,
    "sender_iban" TEXT,
    "sender_bank_name" TEXT,
    "beneficiary_account_number" TEXT,
    "beneficiary_routing_number" TEXT,
    "beneficiary_swift_code" TEXT,
    "beneficiary_iban" TEXT,
    "beneficiary_bank_name" TEXT,
    "beneficiary_name" TEXT,
    "trace_number" TEXT,
    "addenda" TEXT[],
    "network" TEXT,
    "network_fee" DECIMAL,
    "target_address" TEXT,
    "tx_hash" TEXT,
    "product" TEXT,
    "side" TEXT,
    "fee_currency" TEXT,
    "quote_quantity" DECIMAL,
    "quote_currency" TEXT,
    "rate" DECIMAL,

    CONSTRAINT "transactions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "transactions_workspace_id_created_at_id_idx" ON "transactions"("workspace_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "transactions_workspace_id_account_id_created_at_id_idx" ON "transactions"("workspace_id", "account_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "transactions_workspace_id_status_created_at_id_idx" ON "transactions"("workspace_id", "status", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "transactions_workspace_id_transaction_type_created_at_id_idx" ON "transactions"("workspace_id", "transaction_type", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "transactions_coins_idx" ON "transactions" USING GIN ("coins");

-- CreateIndex
CREATE INDEX "transactions_search_text_idx" ON "transactions" USING GIN ("search_text" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
