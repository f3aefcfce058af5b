import { createHash } from 'node:crypto';
import { Prisma } from '../../db/generated/prisma/client.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Ctx } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { recordLedgerStep } from '../ledger/record-entries.js';
import { assertUuid } from '../validation/uuid.js';
import { validateBody } from '../validation/validators.js';
import { type EventType, emitEvent } from '../webhooks/events.js';
import { bumpSearchGroupStatus } from './search-groups.js';
import { bumpSearchWordCounts } from './search-word-counts.js';
import { statusActorOf } from './status-actor.js';
import { nextStatuses, type TransactionStatus } from './status-transitions.js';
import { LEDGER_KEYS, type PreviousStatus } from './transaction-columns.js';
import { bumpCounts } from './transaction-counts.js';
import { readTransaction } from './transaction-read.js';
import { selectTransactions, type TransactionDto } from './transaction-row.js';

/** A deterministic sandbox transaction hash for a broadcast withdrawal. */
function sandboxTxHash(id: string, network: string): string {
  const hex = createHash('sha256').update(id).digest('hex');
  return network === 'bitcoin' ? hex : `0x${hex}`;
}

/** Refuses a change the transition table (status-transitions.ts) does not allow, saying what would be. */
export function assertTransition(row: { status: TransactionStatus; transactionType: string }, to: TransactionStatus): void {
  const allowed = nextStatuses(row.status, row.transactionType);
  if (!allowed.includes(to)) {
    const options = allowed.length ? `it may move to ${allowed.join(' or ')}` : 'it is final';
    throw new AppError('INVALID_STATE', `a ${row.transactionType} transaction in ${row.status} cannot move to ${to}; ${options}`);
  }
}

/**
 * The one way a transaction's status changes (simulations and admins both call it), inside the
 * caller's database transaction: locks the row, enforces the transition table, adds the
 * status it leaves (with who set it) to the front of `previous_statuses`, and records the caller as who set the new one. Events about the change are written here, in the same transaction.
 */
export async function changeTransactionStatus(
  tx: Prisma.TransactionClient,
  ctx: Ctx,
  id: string,
  to: TransactionStatus,
  reason: string,
): Promise<TransactionDto> {
  const rows = await selectTransactions(
    tx,
    [
      'status',
      'statusReason',
      'updatedAt',
      'statusActor',
      'transactionType',
      'detailType',
      'network',
      'txHash',
      'createdAt',
      'coins',
      'accountId',
      'feeCurrency',
      ...LEDGER_KEYS,
    ],
    (columns) => Prisma.sql`
      SELECT ${columns} FROM transactions t
      WHERE t.id = ${id}::uuid AND t.workspace_id = ${ctx.workspaceId}::uuid FOR UPDATE`,
  );
  const row = rows[0];
  if (!row) throw notFound('transaction');
  assertTransition(row, to);
  const now = ctx.clock.now();
  // The current status becomes the newest previous one (`previous_statuses`, schema.prisma).
  const previous: PreviousStatus = [row.status, row.statusReason, row.updatedAt.toISOString(), row.statusActor];
  // A crypto withdrawal gets its hash when it is broadcast, and becomes searchable by it.
  const txHash = to === 'processing' && row.detailType === 'withdraw' && !row.txHash ? sandboxTxHash(id, row.network ?? '') : null;
  await tx.$executeRaw`
    UPDATE transactions SET
      status = ${to}::transaction_status,
      status_reason = ${reason},
      status_actor = ${JSON.stringify(statusActorOf(ctx.actor))}::jsonb,
      previous_statuses = ${JSON.stringify([previous])}::jsonb || previous_statuses,
      updated_at = ${now},
      tx_hash = coalesce(tx_hash, ${txHash})
    WHERE workspace_id = ${ctx.workspaceId}::uuid AND id = ${id}::uuid`;
  const transaction = await readTransaction(tx, ctx, id);
  const type = `${row.transactionType}_transaction_status_updated` as EventType;
  await emitEvent(tx, ctx, { type, accountId: transaction.accountId, details: { transaction, previousStatus: row.status } });
  // The account's balance rows, then the workspace's shared count rows last (one statement), so
  // their locks are held only until the commit.
  await recordLedgerStep(tx, ctx, { ...row, id }, row.status, to);
  await bumpCounts(
    tx,
    {
      workspaceId: ctx.workspaceId,
      accountId: row.accountId,
      createdAt: row.createdAt,
      transactionType: row.transactionType,
      coins: row.coins,
      coin: row.coin,
      feeCurrency: row.feeCurrency,
      quoteCurrency: row.quoteCurrency,
      amount: row.amount,
      fee: row.fee,
      total: row.total,
    },
    [
      [row.status, -1],
      [to, 1],
    ],
  );
  await bumpSearchGroupStatus(tx, ctx.workspaceId, id, [
    [row.status, -1],
    [to, 1],
  ]);
  await bumpSearchWordCounts(tx, ctx.workspaceId, id, [
    [row.status, -1],
    [to, 1],
  ]);
  await recordAudit(tx, ctx, {
    action: 'transaction.status_changed',
    object: { type: 'transaction', id },
    changes: { status: { before: row.status, after: to }, statusReason: { before: row.statusReason, after: reason } },
  });
  return transaction;
}

/** Admits the callers a status-change use case is for; throws FORBIDDEN for anyone else. */
export type StatusChangeAuthorization = (ctx: Ctx) => void;

/**
 * The status-change use case for the callers `authorize` admits: checks the id and body, then
 * changes the status in a database transaction of its own (with the idempotent answer, if any).
 */
export function statusChangeUseCase(authorize: StatusChangeAuthorization) {
  return async (ctx: Ctx, input: { transactionId: string; body: unknown }): Promise<TransactionDto> => {
    authorize(ctx);
    const id = assertUuid('transactionId', input.transactionId);
    const b = validateBody('TransactionStatusChange', input.body);
    return inTransaction(ctx, (tx) => changeTransactionStatus(tx, ctx, id, b.status, b.statusReason ?? ''));
  };
}
