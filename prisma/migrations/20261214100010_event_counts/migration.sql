-- Kept event counts (see EventCount in prisma/schema.prisma): the newest page of GET
-- /api/v2/events answers its total from one row instead of counting every event of the workspace.
-- CreateTable
CREATE TABLE "event_counts" (
    "workspace_id" UUID NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "event_counts_pkey" PRIMARY KEY ("workspace_id")
);

-- AddForeignKey
ALTER TABLE "event_counts" ADD CONSTRAINT "event_counts_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill.
INSERT INTO "event_counts" ("workspace_id", "n")
SELECT "workspace_id", count(*) FROM "events" GROUP BY 1;

-- A new event counts at its transaction's commit (a deferred trigger): the workspace's count row
-- is locked last and only until the commit, after every other lock the writer takes, so writers
-- never wait on it while holding others, and a rolled-back event never counted.
CREATE FUNCTION event_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_counts (workspace_id, n) VALUES (NEW.workspace_id, 1)
  ON CONFLICT (workspace_id) DO UPDATE SET n = event_counts.n + 1;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER events_count_insert AFTER INSERT ON "events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION event_counts_insert();

-- Deletions (retention, a workspace's removal) count once per statement, per workspace.
CREATE FUNCTION event_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE event_counts c SET n = c.n - d.n
  FROM (SELECT workspace_id, count(*) AS n FROM gone GROUP BY workspace_id) d
  WHERE c.workspace_id = d.workspace_id;
  RETURN NULL;
END $$;

CREATE TRIGGER events_count_delete AFTER DELETE ON "events"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION event_counts_delete();
