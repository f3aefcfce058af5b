-- DropIndex
DROP INDEX "webhook_deliveries_target_id_idx";

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "retry_from" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "test_event" JSONB,
ALTER COLUMN "event_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "webhook_targets" ADD COLUMN     "event_types" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "webhook_deliveries_target_id_status_created_at_idx" ON "webhook_deliveries"("target_id", "status", "created_at");
