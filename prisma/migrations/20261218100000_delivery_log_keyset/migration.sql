-- The delivery log pages by (created_at, id) desc: a cursor page (keyset) starts in this index at its key.
-- DropIndex
DROP INDEX "webhook_deliveries_workspace_id_created_at_idx";

-- CreateIndex
CREATE INDEX "webhook_deliveries_workspace_id_created_at_id_idx" ON "webhook_deliveries"("workspace_id", "created_at" DESC, "id" DESC);
