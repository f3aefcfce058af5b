-- CreateEnum
CREATE TYPE "ledger_entry_type" AS ENUM ('hold', 'release', 'settle', 'post');

-- CreateTable
CREATE TABLE "ledger_entries" (
    "workspace_id" UUID NOT NULL,
    "id" BIGSERIAL NOT NULL,
    "transaction_id" UUID,
    "account_id" UUID NOT NULL,
    "currency" TEXT NOT NULL,
    "type" "ledger_entry_type" NOT NULL,
    "status" "transaction_status",
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "amount" DECIMAL NOT NULL,
    "clearing" DECIMAL NOT NULL DEFAULT 0,
    "fees" DECIMAL NOT NULL DEFAULT 0,
    "trading_desk" DECIMAL NOT NULL DEFAULT 0,
    "posted" DECIMAL NOT NULL,
    "pending_in" DECIMAL NOT NULL,
    "pending_out" DECIMAL NOT NULL,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("workspace_id","id")
);

-- CreateTable
CREATE TABLE "ledger_balances" (
    "workspace_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "currency" TEXT NOT NULL,
    "posted" DECIMAL NOT NULL,
    "pending_in" DECIMAL NOT NULL,
    "pending_out" DECIMAL NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ledger_balances_pkey" PRIMARY KEY ("workspace_id","account_id","currency")
);

-- CreateIndex
CREATE INDEX "ledger_entries_workspace_id_transaction_id_idx" ON "ledger_entries"("workspace_id", "transaction_id");

-- CreateIndex
CREATE INDEX "ledger_entries_workspace_id_account_id_id_idx" ON "ledger_entries"("workspace_id", "account_id", "id");

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_workspace_id_account_id_fkey" FOREIGN KEY ("workspace_id", "account_id") REFERENCES "accounts"("workspace_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_workspace_id_account_id_fkey" FOREIGN KEY ("workspace_id", "account_id") REFERENCES "accounts"("workspace_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A transaction's legs as src/core/ledger/legs.ts `legsOf` computes them (a test keeps the two
-- equal): per currency, the signed, credit-positive lines of the customer account (`amount`) and of
-- the workspace's clearing, fees and trading desk ledger accounts, summing to zero. Read by
-- `ledger_backfill` and by `fas ledger verify` (what a transaction's entries must add up to).
CREATE FUNCTION ledger_legs(p_type transaction_type, p_detail text, p_side text, p_coin text, p_amount numeric,
                            p_fee numeric, p_total numeric, p_quote_quantity numeric, p_quote_currency text)
RETURNS TABLE (currency text, amount numeric, clearing numeric, fees numeric, trading_desk numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_coin, -p_total, p_amount, p_fee, 0::numeric WHERE p_type <> 'trade' AND p_detail <> 'deposit'
  UNION ALL SELECT p_coin, p_amount - p_fee, -p_amount, p_fee, 0 WHERE p_type <> 'trade' AND p_detail = 'deposit'
  UNION ALL SELECT p_quote_currency, -p_total, 0, p_fee, p_quote_quantity WHERE p_type = 'trade' AND p_side IS DISTINCT FROM 'sell'
  UNION ALL SELECT p_coin, p_amount, 0, 0, -p_amount WHERE p_type = 'trade' AND p_side IS DISTINCT FROM 'sell'
  UNION ALL SELECT p_coin, -p_amount, 0, 0, p_amount WHERE p_type = 'trade' AND p_side = 'sell'
  UNION ALL SELECT p_quote_currency, p_total, 0, p_fee, -p_quote_quantity WHERE p_type = 'trade' AND p_side = 'sell'
$$;

-- The entries of transactions written before the ledger (and of `fas seed`'s bulk loads): for
-- each transaction of the workspace without entries, the entries of the state it is in, not of
-- every step it took: a pending or processing one holds its legs (`hold`, at its creation), a
-- completed one posts them (`post`, at its last change), a failed, canceled or returned one moved
-- no money in the end and gets none. Running balances continue from the account's balance row, in time order; the
-- balance rows are then moved by the same sums. With `p_fund`, each account first gets an opening
-- balance (an entry without a transaction, from clearing) of everything it pays in each currency, so
-- its available balance never goes below zero (the seed's rule); without it, history is taken as
-- it is, and an account that withdrew more than it received has a negative balance.
CREATE FUNCTION ledger_backfill(p_workspace uuid, p_fund boolean) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  CREATE TEMP TABLE ledger_backfill_rows ON COMMIT DROP AS
  WITH legs AS (
    SELECT t.account_id, t.id AS transaction_id, l.currency,
           t.status IN ('pending', 'processing') AS held,
           CASE WHEN t.status IN ('pending', 'processing') THEN t.created_at ELSE t.updated_at END AS at,
           l.amount, l.clearing, l.fees, l.trading_desk
    FROM transactions t
    CROSS JOIN LATERAL ledger_legs(t.transaction_type, t.detail_type, t.side, t.coin, t.amount, t.fee, t.total,
                                   t.quote_quantity, t.quote_currency) AS l
    WHERE t.workspace_id = p_workspace AND t.status IN ('pending', 'processing', 'completed')
      AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.workspace_id = p_workspace AND e.transaction_id = t.id)
  )
  SELECT 1 AS ord, * FROM legs
  UNION ALL
  SELECT 0, account_id, NULL::uuid, currency, false, min(at), sum(-amount), sum(amount), 0, 0
  FROM legs WHERE p_fund AND amount < 0 GROUP BY account_id, currency;

  INSERT INTO ledger_entries (workspace_id, transaction_id, account_id, currency, type, status, created_at,
                              amount, clearing, fees, trading_desk, posted, pending_in, pending_out)
  SELECT p_workspace, r.transaction_id, r.account_id, r.currency,
         (CASE WHEN r.held THEN 'hold' ELSE 'post' END)::ledger_entry_type,
         (CASE WHEN r.transaction_id IS NULL THEN NULL WHEN r.held THEN 'pending' ELSE 'completed' END)::transaction_status,
         r.at, r.amount, r.clearing, r.fees, r.trading_desk,
         coalesce(b.posted, 0) + sum(CASE WHEN r.held THEN 0 ELSE r.amount END) OVER w,
         coalesce(b.pending_in, 0) + sum(CASE WHEN r.held AND r.amount > 0 THEN r.amount ELSE 0 END) OVER w,
         coalesce(b.pending_out, 0) + sum(CASE WHEN r.held AND r.amount < 0 THEN -r.amount ELSE 0 END) OVER w
  FROM ledger_backfill_rows r
  LEFT JOIN ledger_balances b ON b.workspace_id = p_workspace AND b.account_id = r.account_id AND b.currency = r.currency
  WINDOW w AS (PARTITION BY r.account_id, r.currency ORDER BY r.at, r.ord, r.transaction_id ROWS UNBOUNDED PRECEDING)
  ORDER BY r.at, r.ord, r.transaction_id, r.currency;
  GET DIAGNOSTICS n = ROW_COUNT;

  INSERT INTO ledger_balances AS b (workspace_id, account_id, currency, posted, pending_in, pending_out, updated_at)
  SELECT p_workspace, account_id, currency,
         sum(CASE WHEN held THEN 0 ELSE amount END),
         sum(CASE WHEN held AND amount > 0 THEN amount ELSE 0 END),
         sum(CASE WHEN held AND amount < 0 THEN -amount ELSE 0 END),
         max(at)
  FROM ledger_backfill_rows GROUP BY account_id, currency
  ON CONFLICT (workspace_id, account_id, currency) DO UPDATE SET
    posted = b.posted + EXCLUDED.posted,
    pending_in = b.pending_in + EXCLUDED.pending_in,
    pending_out = b.pending_out + EXCLUDED.pending_out,
    updated_at = greatest(b.updated_at, EXCLUDED.updated_at);
  DROP TABLE ledger_backfill_rows;
  RETURN n;
END
$$;

SELECT ledger_backfill(id, false) FROM workspaces;
