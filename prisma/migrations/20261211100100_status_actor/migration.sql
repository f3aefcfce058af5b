-- Who set a transaction's current status (StatusActor in openapi.yaml); each earlier status keeps
-- its own as the 4th element of its `previous_statuses` tuple. No backfill: NULL (and a 3-element
-- tuple) means "not recorded", and the read names the creator of an old transaction from its
-- audit columns (transaction-row.ts), so no table-wide UPDATE runs on upgrade.
-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "status_actor" JSONB;
