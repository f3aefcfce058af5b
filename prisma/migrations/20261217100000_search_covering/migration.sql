-- Searches counted from their sets (issue 37; src/core/transactions/search-sets.ts). A search's
-- rows by name are those under the matching groups' keys: with a filter, or to find those of the
-- accounts whose email matches too, they are counted from this index alone (index-only), so it
-- carries the columns a filter reads (account, status, type, coins; created_at is in its key).
DROP INDEX "transactions_search_key_idx";
CREATE INDEX "transactions_search_key_idx" ON "transactions" ("workspace_id", "search_key", "created_at", "id")
  INCLUDE ("account_id", "status", "transaction_type", "coins") WHERE "search_key" IS NOT NULL;
