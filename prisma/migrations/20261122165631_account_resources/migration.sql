-- CreateTable
CREATE TABLE "crypto_wallets" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "coin" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "crypto_wallets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "crypto_beneficiaries" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "coin" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "crypto_beneficiaries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bank_account_links" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "holder_name" TEXT NOT NULL,
    "bank_name" TEXT,
    "routing_number" TEXT NOT NULL,
    "account_number_enc" TEXT NOT NULL,
    "account_number_last4" TEXT NOT NULL,
    "account_type" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "bank_account_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "crypto_wallets_workspace_id_idx" ON "crypto_wallets"("workspace_id");

-- CreateIndex
CREATE UNIQUE INDEX "crypto_wallets_account_id_coin_network_key" ON "crypto_wallets"("account_id", "coin", "network");

-- CreateIndex
CREATE INDEX "crypto_beneficiaries_workspace_id_account_id_idx" ON "crypto_beneficiaries"("workspace_id", "account_id");

-- CreateIndex
CREATE INDEX "bank_account_links_workspace_id_account_id_idx" ON "bank_account_links"("workspace_id", "account_id");

-- AddForeignKey
ALTER TABLE "crypto_wallets" ADD CONSTRAINT "crypto_wallets_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crypto_beneficiaries" ADD CONSTRAINT "crypto_beneficiaries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_account_links" ADD CONSTRAINT "bank_account_links_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
