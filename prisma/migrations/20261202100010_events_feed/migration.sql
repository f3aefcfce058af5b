-- The events feed (GET /api/v2/events?after=): insertion order and the inserting transaction.
-- AlterTable
ALTER TABLE "events" ADD COLUMN     "seq" BIGSERIAL NOT NULL,
ADD COLUMN     "tx_id" BIGINT NOT NULL DEFAULT (pg_current_xact_id())::text::bigint;

-- CreateIndex
CREATE INDEX "events_workspace_id_tx_id_seq_idx" ON "events"("workspace_id", "tx_id", "seq");

-- CreateIndex
CREATE INDEX "events_workspace_id_type_occurred_at_idx" ON "events"("workspace_id", "type", "occurred_at");

-- CreateIndex
CREATE INDEX "events_occurred_at_idx" ON "events"("occurred_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries"("event_id");
