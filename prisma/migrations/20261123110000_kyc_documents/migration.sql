-- AlterTable
ALTER TABLE "banking_verifications" ADD COLUMN     "documents_completed_at" TIMESTAMPTZ(3),
ADD COLUMN     "link_attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "signature_name_enc" TEXT,
ADD COLUMN     "signed_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "kyc_documents" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "media_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "uploaded_at" TIMESTAMPTZ(3),

    CONSTRAINT "kyc_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "kyc_document_chunks" (
    "document_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "kyc_document_chunks_pkey" PRIMARY KEY ("document_id","seq")
);

-- CreateTable
CREATE TABLE "kyc_document_reads" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "document_id" UUID NOT NULL,
    "actor_kind" TEXT NOT NULL,
    "api_key_id" UUID,
    "admin_id" UUID,
    "admin_email" TEXT,
    "read_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "kyc_document_reads_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "kyc_documents_account_id_kind_idx" ON "kyc_documents"("account_id", "kind");

-- CreateIndex
CREATE INDEX "kyc_documents_workspace_id_idx" ON "kyc_documents"("workspace_id");

-- CreateIndex
CREATE INDEX "kyc_document_reads_document_id_read_at_idx" ON "kyc_document_reads"("document_id", "read_at");

-- AddForeignKey
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "banking_verifications"("account_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kyc_document_chunks" ADD CONSTRAINT "kyc_document_chunks_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "kyc_documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
