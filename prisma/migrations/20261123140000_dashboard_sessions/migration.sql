-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "last_used_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "dashboard_sessions" (
    "id" UUID NOT NULL,
    "admin_token_id" UUID NOT NULL,
    "session_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "dashboard_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "dashboard_sessions_session_hash_key" ON "dashboard_sessions"("session_hash");

-- CreateIndex
CREATE INDEX "dashboard_sessions_admin_token_id_idx" ON "dashboard_sessions"("admin_token_id");

-- AddForeignKey
ALTER TABLE "dashboard_sessions" ADD CONSTRAINT "dashboard_sessions_admin_token_id_fkey" FOREIGN KEY ("admin_token_id") REFERENCES "admin_tokens"("id") ON DELETE CASCADE ON UPDATE CASCADE;
