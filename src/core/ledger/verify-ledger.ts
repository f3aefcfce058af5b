import { Prisma } from '../../db/generated/prisma/client.js';
import type { Deps } from '../context.js';

/** One disagreement `fas ledger verify` found. */
export interface LedgerDrift {
  workspaceId: string;
  kind: 'unbalanced_entry' | 'balance' | 'transaction';
  /** The account and currency of a balance or transaction drift. */
  accountId?: string;
  currency?: string;
  entryId?: string;
  transactionId?: string;
  /** What was found against what the entries (or the transaction) say, in words. */
  detail: string;
}

export interface LedgerReport {
  entries: number;
  balances: number;
  /** Balances whose available amount is below zero: legacy history (a withdrawal older than the ledger), not drift. */
  negative: number;
  drifts: LedgerDrift[];
}

// How each entry type moves the three parts of a balance (ledger-steps.ts `balanceChange`).
const POSTED = Prisma.sql`CASE WHEN e.type IN ('settle', 'post') THEN e.amount ELSE 0 END`;
const HELD = Prisma.sql`CASE e.type WHEN 'hold' THEN 1 WHEN 'release' THEN -1 WHEN 'settle' THEN -1 ELSE 0 END`;
const PENDING_IN = Prisma.sql`CASE WHEN e.amount > 0 THEN ${HELD} * e.amount ELSE 0 END`;
const PENDING_OUT = Prisma.sql`CASE WHEN e.amount < 0 THEN ${HELD} * -e.amount ELSE 0 END`;

/** At most this many drifts of each kind are listed (the count of each is exact). */
const LISTED = 1000;

/**
 * `fas ledger verify`: recomputes the ledger from its entries, for one workspace or all, reading
 * only (each check is one statement; run on a quiet system for a consistent picture):
 * - every entry balances (its signed lines sum to zero: debits = credits);
 * - every stored balance equals the sum of its account's entries in its currency;
 * - every transaction's entries add up to what its status says (ledger_legs, the SQL twin of
 *   legs.ts): a pending or processing one holds its legs, a completed one has posted them, a
 *   failed, canceled or returned one has nothing left held or posted.
 */
export async function verifyLedger(deps: Pick<Deps, 'sql'>, opts: { workspaceId?: string } = {}): Promise<LedgerReport> {
  const ws = (alias: string) =>
    opts.workspaceId ? Prisma.sql`${Prisma.raw(alias)}.workspace_id = ${opts.workspaceId}::uuid` : Prisma.sql`true`;
  const [counts, unbalanced, balances, transactions] = await Promise.all([
    deps.sql<{ entries: bigint | string; balances: bigint | string; negative: bigint | string }>(Prisma.sql`
      SELECT (SELECT count(*) FROM ledger_entries e WHERE ${ws('e')}) AS entries,
             (SELECT count(*) FROM ledger_balances b WHERE ${ws('b')}) AS balances,
             (SELECT count(*) FROM ledger_balances b WHERE ${ws('b')} AND b.posted - b.pending_out < 0) AS negative`),
    deps.sql<{ workspaceId: string; entryId: string; transactionId: string | null; currency: string; sum: string }>(Prisma.sql`
      SELECT e.workspace_id::text AS "workspaceId", e.id::text AS "entryId", e.transaction_id::text AS "transactionId", e.currency,
             (e.amount + e.clearing + e.fees + e.trading_desk)::text AS sum
      FROM ledger_entries e WHERE ${ws('e')} AND e.amount + e.clearing + e.fees + e.trading_desk <> 0
      ORDER BY e.workspace_id, e.id LIMIT ${LISTED}`),
    deps.sql<{ workspaceId: string; accountId: string; currency: string; stored: string | null; summed: string | null }>(Prisma.sql`
      WITH sums AS (
        SELECT e.workspace_id, e.account_id, e.currency, sum(${POSTED}) AS posted, sum(${PENDING_IN}) AS pending_in,
               sum(${PENDING_OUT}) AS pending_out
        FROM ledger_entries e WHERE ${ws('e')} GROUP BY 1, 2, 3
      ), stored AS (
        SELECT b.workspace_id, b.account_id, b.currency, b.posted, b.pending_in, b.pending_out FROM ledger_balances b WHERE ${ws('b')}
      )
      SELECT workspace_id::text AS "workspaceId", account_id::text AS "accountId", currency,
             CASE WHEN st.posted IS NULL THEN NULL ELSE concat_ws(' / ', st.posted, st.pending_in, st.pending_out) END AS stored,
             CASE WHEN s.posted IS NULL THEN NULL ELSE concat_ws(' / ', s.posted, s.pending_in, s.pending_out) END AS summed
      FROM sums s FULL JOIN stored st USING (workspace_id, account_id, currency)
      WHERE coalesce(s.posted, 0) <> coalesce(st.posted, 0) OR coalesce(s.pending_in, 0) <> coalesce(st.pending_in, 0)
         OR coalesce(s.pending_out, 0) <> coalesce(st.pending_out, 0)
      ORDER BY 1, 2, 3 LIMIT ${LISTED}`),
    deps.sql<{
      workspaceId: string;
      transactionId: string;
      accountId: string;
      currency: string;
      status: string;
      found: string;
      expected: string;
    }>(
      Prisma.sql`
      WITH found AS (
        SELECT e.workspace_id, e.transaction_id, e.currency, sum(${HELD} * e.amount) AS held, sum(${POSTED}) AS posted
        FROM ledger_entries e WHERE ${ws('e')} AND e.transaction_id IS NOT NULL GROUP BY 1, 2, 3
      ), expected AS (
        SELECT t.workspace_id, t.id AS transaction_id, l.currency, t.account_id, t.status,
               CASE WHEN t.status IN ('pending', 'processing') THEN l.amount ELSE 0 END AS held,
               CASE WHEN t.status = 'completed' THEN l.amount ELSE 0 END AS posted
        FROM transactions t
        CROSS JOIN LATERAL ledger_legs(t.transaction_type, t.detail_type, t.side, t.coin, t.amount, t.fee, t.total,
                                       t.quote_quantity, t.quote_currency) AS l
        WHERE ${ws('t')}
      )
      SELECT workspace_id::text AS "workspaceId", transaction_id::text AS "transactionId", x.account_id::text AS "accountId", currency,
             coalesce(x.status::text, '?') AS status,
             concat('held ', coalesce(f.held, 0), ', posted ', coalesce(f.posted, 0)) AS found,
             concat('held ', coalesce(x.held, 0), ', posted ', coalesce(x.posted, 0)) AS expected
      FROM found f FULL JOIN expected x USING (workspace_id, transaction_id, currency)
      WHERE coalesce(f.held, 0) <> coalesce(x.held, 0) OR coalesce(f.posted, 0) <> coalesce(x.posted, 0)
      ORDER BY 1, 2, 4 LIMIT ${LISTED}`,
    ),
  ]);
  const drifts: LedgerDrift[] = [
    ...unbalanced.map((r) => ({
      workspaceId: r.workspaceId,
      kind: 'unbalanced_entry' as const,
      entryId: r.entryId,
      currency: r.currency,
      ...(r.transactionId ? { transactionId: r.transactionId } : {}),
      detail: `entry ${r.entryId}'s lines sum to ${r.sum} ${r.currency}, not 0`,
    })),
    ...balances.map((r) => ({
      workspaceId: r.workspaceId,
      kind: 'balance' as const,
      accountId: r.accountId,
      currency: r.currency,
      detail: `balance (posted / pending in / pending out) is ${r.stored ?? 'missing'}; its entries sum to ${r.summed ?? 'nothing'}`,
    })),
    ...transactions.map((r) => ({
      workspaceId: r.workspaceId,
      kind: 'transaction' as const,
      transactionId: r.transactionId,
      ...(r.accountId ? { accountId: r.accountId } : {}),
      currency: r.currency,
      detail: `transaction ${r.transactionId} (${r.status}) in ${r.currency}: its entries have ${r.found}; its status needs ${r.expected}`,
    })),
  ];
  const [c] = counts;
  return { entries: Number(c?.entries ?? 0), balances: Number(c?.balances ?? 0), negative: Number(c?.negative ?? 0), drifts };
}
