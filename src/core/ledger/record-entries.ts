import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { AppError } from '../errors.js';
import { Decimal, fixed } from '../transactions/money.js';
import type { TransactionStatus } from '../transactions/status-transitions.js';
import { availableOf, balanceChange, entriesFor } from './ledger-steps.js';
import type { LedgerSubject } from './legs.js';

type Tx = Prisma.TransactionClient;

const num = (values: Decimal[]) => values.map((v) => v.toFixed());

/**
 * Writes the ledger entries of a transaction's creation (`from` null) or status change, inside the
 * caller's database transaction, and moves the account's balances with them, in one statement:
 * each currency's balance row is inserted or updated under its row lock, and an update that would
 * take `available` below zero does not happen (`ON CONFLICT ... DO UPDATE ... WHERE`, evaluated on
 * the newest version of the row, so concurrent spends queue on the row and none is lost). Then
 * INSUFFICIENT_FUNDS is thrown and the caller's transaction rolls back whole. Rows are locked in
 * currency order, the same in every writer, so two writers cannot deadlock on them.
 */
export async function recordLedgerStep(
  tx: Tx,
  ctx: Ctx,
  t: LedgerSubject,
  from: TransactionStatus | null,
  to: TransactionStatus,
): Promise<void> {
  const entries = entriesFor(t, from, to);
  if (entries.length === 0) return;
  const changes = entries.map(balanceChange);
  const now = ctx.clock.now();
  const rows = await tx.$queryRaw<{ currency: string; available: string }[]>`
    WITH d AS (
      SELECT * FROM unnest(
        ${entries.map((e) => e.currency)}::text[], ${entries.map((e) => e.type)}::ledger_entry_type[],
        ${num(entries.map((e) => e.amount))}::numeric[], ${num(entries.map((e) => e.clearing))}::numeric[],
        ${num(entries.map((e) => e.fees))}::numeric[], ${num(entries.map((e) => e.tradingDesk))}::numeric[],
        ${num(changes.map((c) => c.posted))}::numeric[], ${num(changes.map((c) => c.pendingIn))}::numeric[],
        ${num(changes.map((c) => c.pendingOut))}::numeric[]
      ) AS d(currency, type, amount, clearing, fees, trading_desk, posted, pending_in, pending_out)
    ), bal AS (
      INSERT INTO ledger_balances AS b (workspace_id, account_id, currency, posted, pending_in, pending_out, updated_at)
      SELECT ${ctx.workspaceId}::uuid, ${t.accountId}::uuid, d.currency, d.posted, d.pending_in, d.pending_out, ${now}
      FROM d ORDER BY d.currency
      ON CONFLICT (workspace_id, account_id, currency) DO UPDATE SET
        posted = b.posted + EXCLUDED.posted,
        pending_in = b.pending_in + EXCLUDED.pending_in,
        pending_out = b.pending_out + EXCLUDED.pending_out,
        updated_at = EXCLUDED.updated_at
      WHERE EXCLUDED.posted - EXCLUDED.pending_out >= 0
         OR b.posted + EXCLUDED.posted - b.pending_out - EXCLUDED.pending_out >= 0
      RETURNING b.currency, b.posted, b.pending_in, b.pending_out
    ), e AS (
      INSERT INTO ledger_entries (workspace_id, transaction_id, account_id, currency, type, status, created_at,
                                  amount, clearing, fees, trading_desk, posted, pending_in, pending_out)
      SELECT ${ctx.workspaceId}::uuid, ${t.id}::uuid, ${t.accountId}::uuid, d.currency, d.type, ${to}::transaction_status, ${now},
             d.amount, d.clearing, d.fees, d.trading_desk, bal.posted, bal.pending_in, bal.pending_out
      FROM d JOIN bal USING (currency) ORDER BY d.currency
    )
    SELECT currency, (posted - pending_out)::text AS available FROM bal`;
  const after = new Map(rows.map((r) => [r.currency, new Decimal(r.available)]));
  for (const [i, e] of entries.entries()) {
    const spent = availableOf(changes[i] as (typeof changes)[number]).neg();
    if (!spent.isPositive()) continue;
    const available = after.get(e.currency);
    // Not updated: the row had too little. Inserted below zero: there was no row, so nothing.
    if (available && !available.isNegative()) continue;
    const before = available ? available.plus(spent) : await availableNow(tx, ctx, t.accountId, e.currency);
    throw insufficientFunds(e.currency, before, spent);
  }
}

async function availableNow(tx: Tx, ctx: Ctx, accountId: string, currency: string): Promise<Decimal> {
  const rows = await tx.$queryRaw<{ available: string }[]>`
    SELECT (posted - pending_out)::text AS available FROM ledger_balances
    WHERE workspace_id = ${ctx.workspaceId}::uuid AND account_id = ${accountId}::uuid AND currency = ${currency}`;
  return new Decimal(rows[0]?.available ?? 0);
}

/** 409 INSUFFICIENT_FUNDS, carrying what is available and what was needed (Problem.funds). */
export function insufficientFunds(currency: string, available: Decimal, required: Decimal): AppError {
  const funds = { currency, available: fixed(available, currency), required: fixed(required, currency) };
  return new AppError(
    'INSUFFICIENT_FUNDS',
    `insufficient funds: ${funds.available} ${currency} available, ${funds.required} ${currency} needed`,
    undefined,
    { funds },
  );
}
