-- CreateIndex
CREATE INDEX "events_account_id_occurred_at_idx" ON "events"("account_id", "occurred_at");
