-- AlterTable
ALTER TABLE "workspaces" ADD COLUMN     "support_email" TEXT,
ADD COLUMN     "support_url" TEXT;
