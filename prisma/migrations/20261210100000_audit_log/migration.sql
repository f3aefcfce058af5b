-- The audit log: one record per change or sensitive read, written in the change's own database
-- transaction (src/core/audit/record-audit.ts). Records are numbered and hash-chained per workspace:
-- each holds the hash of the one before, so `fas audit verify` detects an edited, removed or
-- reordered record.
CREATE TABLE "audit_records" (
    "workspace_id" UUID NOT NULL,
    "seq" BIGINT NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "actor_kind" TEXT NOT NULL,
    "actor_id" TEXT,
    "actor_name" TEXT,
    "actor_role" TEXT NOT NULL,
    "request_id" TEXT,
    "client_address" TEXT,
    "action" TEXT NOT NULL,
    "object_type" TEXT NOT NULL,
    "object_id" TEXT NOT NULL,
    "changes" JSONB,
    "prev_hash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "audit_records_pkey" PRIMARY KEY ("workspace_id","seq")
);

CREATE INDEX "audit_records_workspace_id_object_type_object_id_seq_idx" ON "audit_records"("workspace_id", "object_type", "object_id", "seq");
CREATE INDEX "audit_records_workspace_id_action_seq_idx" ON "audit_records"("workspace_id", "action", "seq");
CREATE INDEX "audit_records_workspace_id_actor_id_seq_idx" ON "audit_records"("workspace_id", "actor_id", "seq");
CREATE INDEX "audit_records_workspace_id_occurred_at_idx" ON "audit_records"("workspace_id", "occurred_at");

-- The newest record of each workspace's chain: appends lock this row (one per workspace), which
-- serialises them, and it lets `fas audit verify` notice records cut from the end.
CREATE TABLE "audit_chain_heads" (
    "workspace_id" UUID NOT NULL,
    "seq" BIGINT NOT NULL,
    "prev_hash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "audit_chain_heads_pkey" PRIMARY KEY ("workspace_id")
);

ALTER TABLE "audit_records" ADD CONSTRAINT "audit_records_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "audit_chain_heads" ADD CONSTRAINT "audit_chain_heads_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
