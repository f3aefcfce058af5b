-- AlterTable
ALTER TABLE "workspaces" ADD COLUMN     "display_name" TEXT;

-- CreateTable
CREATE TABLE "workspace_logos" (
    "workspace_id" UUID NOT NULL,
    "media_type" TEXT NOT NULL,
    "content" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "workspace_logos_pkey" PRIMARY KEY ("workspace_id")
);

-- CreateIndex
CREATE INDEX "workspace_logos_sha256_idx" ON "workspace_logos"("sha256");

-- AddForeignKey
ALTER TABLE "workspace_logos" ADD CONSTRAINT "workspace_logos_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
