-- CreateEnum
CREATE TYPE "webhook_target_status" AS ENUM ('active', 'disabled');

-- CreateTable
CREATE TABLE "webhook_targets" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT,
    "status" "webhook_target_status" NOT NULL DEFAULT 'active',
    "disabled_reason" TEXT,
    "disabled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_targets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_targets_workspace_id_created_at_idx" ON "webhook_targets"("workspace_id", "created_at");

-- AddForeignKey
ALTER TABLE "webhook_targets" ADD CONSTRAINT "webhook_targets_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
