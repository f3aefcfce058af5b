-- The four time-ordered list indexes of transactions become ascending; lists read them backwards
-- (newest first). Rows arrive in time order: in a descending index each lands at the left end of
-- its workspace's range and every page split leaves two half-full pages (105 bytes per row grown
-- against 59 when built); ascending, they land at the right end, where PostgreSQL splits pages
-- full. Same names, same columns.
DROP INDEX "transactions_workspace_id_created_at_id_idx";
DROP INDEX "transactions_workspace_id_account_id_created_at_id_idx";
DROP INDEX "transactions_workspace_id_status_created_at_id_idx";
DROP INDEX "transactions_workspace_id_transaction_type_created_at_id_idx";

CREATE INDEX "transactions_workspace_id_created_at_id_idx" ON "transactions"("workspace_id", "created_at", "id");
CREATE INDEX "transactions_workspace_id_account_id_created_at_id_idx" ON "transactions"("workspace_id", "account_id", "created_at", "id");
CREATE INDEX "transactions_workspace_id_status_created_at_id_idx" ON "transactions"("workspace_id", "status", "created_at", "id");
CREATE INDEX "transactions_workspace_id_transaction_type_created_at_id_idx" ON "transactions"("workspace_id", "transaction_type", "created_at", "id");
