import type { Prisma } from '../../db/generated/prisma/client.js';
import { recordAudit } from '../audit/record-audit.js';
import { auditOf } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { recordLedgerStep } from '../ledger/record-entries.js';
import { type EventType, emitEvent } from '../webhooks/events.js';
import { type Decimal, fixed } from './money.js';
import { bumpSearchGroup } from './search-groups.js';
import { bumpSearchWordCounts } from './search-word-counts.js';
import { statusActorOf } from './status-actor.js';
import { bumpCounts } from './transaction-counts.js';
import { readTransaction } from './transaction-read.js';
import type { TransactionDto } from './transaction-row.js';

type Tx = Prisma.TransactionClient;

/** Fields of a new transaction beyond what every transaction has. */
export type NewTransaction = Omit<
  Prisma.TransactionUncheckedCreateInput,
  | 'id'
  | 'workspaceId'
  | 'accountId'
  | 'status'
  | 'statusReason'
  | 'previousStatuses'
  | 'statusActor'
  | 'createdAt'
  | 'updatedAt'
  | 'auditAdminId'
  | 'auditAdmin'
  | 'auditApiKey'
> & { accountId: string; amount: string; fee: string; total: string };

/**
 * The fields a bank or crypto transaction in one coin starts with, whoever creates it: its owner,
 * its coin, and amount, fee and total (amount + fee) at the coin's scale.
 */
export function inOneCoin(
  b: { accountId: string; reference?: string; coin: string },
  kind: { transactionType: 'bank' | 'crypto'; detailType: string },
  amount: Decimal,
  fee: Decimal,
) {
  return {
    accountId: b.accountId.toLowerCase(),
    transactionType: kind.transactionType,
    reference: b.reference ?? '',
    coins: [b.coin],
    detailType: kind.detailType,
    coin: b.coin,
    amount: fixed(amount, b.coin),
    fee: fixed(fee, b.coin),
    total: fixed(amount.plus(fee), b.coin),
  };
}

/**
 * Writes a new `pending` transaction for an account of the caller's workspace, inside the
 * caller's database transaction, and answers it in the contract's shape. Emits
 * `<type>_transaction_created`, or `<type>_transaction_received` for deposits, in the same transaction.
 */
export async function insertTransaction(tx: Tx, ctx: Ctx, t: NewTransaction, opts: { requireActive: boolean }): Promise<TransactionDto> {
  const account = await tx.account.findFirst({
    where: { id: t.accountId, workspaceId: ctx.workspaceId },
    select: { id: true, email: true, status: true, erasedAt: true },
  });
  if (!account) throw notFound('account');
  if (opts.requireActive && account.status !== 'active') {
    throw new AppError('INVALID_STATE', `the account must be active to transact; it is ${account.status}`);
  }
  if (opts.requireActive && account.erasedAt) {
    throw new AppError('INVALID_STATE', "the account holder's data was erased: the account takes no new transactions");
  }
  const id = ctx.ids.uuid();
  const now = ctx.clock.now();
  const audit = auditOf(ctx);
  await tx.transaction.create({
    data: {
      ...t,
      // Never NULL: a row of no names then has no search key (search_group_key), where NULL gave
      // every crypto and trade row key 0 and one search group they all updated.
      addenda: t.addenda ?? [],
      id,
      workspaceId: ctx.workspaceId,
      status: 'pending',
      statusReason: 'created',
      previousStatuses: [],
      statusActor: statusActorOf(ctx.actor),
      createdAt: now,
      updatedAt: now,
      auditAdminId: audit.adminId,
      auditAdmin: audit.admin,
      auditApiKey: audit.apiKey,
    },
    select: { id: true },
  });
  const transaction = await readTransaction(tx, ctx, id);
  const happened = t.detailType === 'deposit' ? 'received' : 'created';
  const type = `${t.transactionType}_transaction_${happened}` as EventType;
  await emitEvent(tx, ctx, { type, accountId: account.id, details: { transaction } });
  // The account's balance rows first (only this account's writers share them; a withdrawal without
  // funds fails here, before any shared lock is taken), then the rows every writer of the workspace
  // shares (counts, search group) last, so their locks are held only until the commit.
  await recordLedgerStep(tx, ctx, { ...t, id, accountId: account.id }, null, 'pending');
  await bumpCounts(
    tx,
    {
      workspaceId: ctx.workspaceId,
      accountId: account.id,
      createdAt: now,
      transactionType: t.transactionType,
      coins: t.coins as string[],
      coin: t.coin,
      feeCurrency: t.feeCurrency,
      quoteCurrency: t.quoteCurrency,
      amount: t.amount,
      fee: t.fee,
      total: t.total,
    },
    [['pending', 1]],
  );
  await bumpSearchGroup(tx, ctx.workspaceId, id);
  await bumpSearchWordCounts(tx, ctx.workspaceId, id, [['pending', 1]]);
  await recordAudit(tx, ctx, {
    action: 'transaction.created',
    object: { type: 'transaction', id },
    changes: {
      status: { after: 'pending' },
      accountId: { after: account.id },
      transactionType: { after: t.transactionType },
      detailType: { after: t.detailType },
      amount: { after: t.amount },
      fee: { after: t.fee },
      coins: { after: t.coins },
    },
  });
  return transaction;
}

/** `insertTransaction` in a database transaction of its own: what the create use cases need. */
export function createTransaction(ctx: Ctx, t: NewTransaction, opts: { requireActive: boolean }): Promise<TransactionDto> {
  return inTransaction(ctx, (tx) => insertTransaction(tx, ctx, t, opts));
}
