import { Prisma } from '../../db/generated/prisma/client.js';
import { requireAdminPerson } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { notFound } from '../errors.js';
import { type BalanceRow, balanceColumns, partsOf, toEntryBalanceDto } from '../ledger/balance-dto.js';
import { availableOf, type BalanceParts, balanceChange, entriesFor } from '../ledger/ledger-steps.js';
import { validateBody } from '../validation/validators.js';
import type { EventType } from '../webhooks/events.js';
import { Decimal } from './money.js';
import { assertTransition } from './status-change.js';
import { LEDGER_KEYS } from './transaction-columns.js';
import { selectTransactions } from './transaction-row.js';

export type StatusChangePreview = Schemas['StatusChangePreview'];

const ZERO: BalanceParts = { posted: new Decimal(0), pendingIn: new Decimal(0), pendingOut: new Decimal(0) };

/**
 * `transactions.previewStatusChange`: what an admin's status change would do, for the dashboard's
 * confirmation: from and to, the reason, the event it sends and, per currency it moves, the
 * account's balance now and after, from the same ledger rules the change applies
 * (ledger-steps.ts). Writes nothing; refuses what the change would refuse (role, transition).
 */
export async function previewStatusChange(ctx: Ctx, input: unknown): Promise<StatusChangePreview> {
  requireAdminPerson(ctx, 'change a transaction status');
  const { transactionId: id, status: to, statusReason } = validateBody('StatusChangePreviewRequest', input);
  const [row] = await selectTransactions(
    ctx.sql,
    ['status', 'transactionType', 'detailType', 'accountId', ...LEDGER_KEYS],
    (columns) => Prisma.sql`
      SELECT ${columns} FROM transactions t WHERE t.id = ${id}::uuid AND t.workspace_id = ${ctx.workspaceId}::uuid`,
  );
  if (!row) throw notFound('transaction');
  assertTransition(row, to);
  const entries = entriesFor({ ...row, id }, row.status, to);
  const rows = entries.length
    ? await ctx.sql<BalanceRow>(Prisma.sql`
        SELECT ${balanceColumns} FROM ledger_balances b
        WHERE b.workspace_id = ${ctx.workspaceId}::uuid AND b.account_id = ${row.accountId}::uuid
          AND b.currency = ANY(${entries.map((e) => e.currency)}::text[])`)
    : [];
  const now = new Map(rows.map((r) => [r.currency, partsOf(r)]));
  const balances = entries
    .map((e) => {
      const before = now.get(e.currency) ?? ZERO;
      const change = balanceChange(e);
      const after = {
        posted: before.posted.plus(change.posted),
        pendingIn: before.pendingIn.plus(change.pendingIn),
        pendingOut: before.pendingOut.plus(change.pendingOut),
      };
      // The change's own rule (record-entries.ts): what spends may not take `available` below zero.
      const spends = availableOf(change).isNegative();
      return {
        currency: e.currency,
        entryType: e.type,
        before: toEntryBalanceDto(e.currency, before),
        after: toEntryBalanceDto(e.currency, after),
        sufficient: !spends || !availableOf(after).isNegative(),
      };
    })
    .sort((a, b) => a.currency.localeCompare(b.currency));
  return {
    transactionId: id,
    from: row.status,
    to,
    statusReason: statusReason ?? '',
    event: `${row.transactionType}_transaction_status_updated` as EventType,
    balances,
  };
}
