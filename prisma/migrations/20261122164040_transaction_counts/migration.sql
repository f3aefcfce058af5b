-- CreateTable
CREATE TABLE "transaction_counts" (
    "workspace_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "transaction_type" "transaction_type" NOT NULL,
    "status" "transaction_status" NOT NULL,
    "coin" TEXT NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "transaction_counts_pkey" PRIMARY KEY ("workspace_id","coin","day","transaction_type","status")
);

-- AddForeignKey
ALTER TABLE "transaction_counts" ADD CONSTRAINT "transaction_counts_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
