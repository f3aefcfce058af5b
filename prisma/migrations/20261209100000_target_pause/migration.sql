-- A target can be paused on purpose (distinct from `disabled`, set when a delivery's retries ran out).
ALTER TYPE "webhook_target_status" ADD VALUE 'paused';

-- A pending delivery of a target that is not active is parked: no attempt is due (`next_attempt_at`
-- null) until the target is resumed or enabled; it no longer shows a due time in the past.
ALTER TABLE "webhook_deliveries" ALTER COLUMN "next_attempt_at" DROP NOT NULL;

UPDATE "webhook_deliveries" d SET "next_attempt_at" = NULL
FROM "webhook_targets" t
WHERE t."workspace_id" = d."workspace_id" AND t."id" = d."target_id" AND t."status" <> 'active' AND d."status" = 'pending';

-- The start of the endpoint's last answer (a test send shows it; the attempts keep the first 4 KB).
ALTER TABLE "webhook_deliveries" ADD COLUMN "last_response_excerpt" TEXT;

-- Enabled or resumed with a backlog: its parked deliveries are released by the first success.
ALTER TABLE "webhook_targets" ADD COLUMN "awaiting_probe" BOOLEAN NOT NULL DEFAULT false;
