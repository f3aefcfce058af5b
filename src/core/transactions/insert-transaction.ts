import { randomInt } from 'node:crypto';
import type { Prisma } from '../../db/generated/prisma/client.js';
import { auditOf } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { type EventType, emitEvent } from '../webhooks/events.js';
import { readTransaction } from './read-transaction.js';
import { bumpCounts } from './transaction-counts.js';
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
  | 'statusHistory'
  | 'createdAt'
  | 'updatedAt'
  | 'auditAdminId'
  | 'auditAdmin'
  | 'auditApiKey'
  | 'searchText'
> & { accountId: string; amount: string; fee: string; total: string };

const SEARCHABLE = [
  'reference',
  'transactionReference',
  'txHash',
  'targetAddress',
  'imad',
  'traceNumber',
  'originatorName',
  'beneficiaryName',
] as const;

/** The lower-cased text `search` looks in (DESIGN.md "Transactions"); newline-separated fields. */
export function searchTextOf(
  id: string,
  email: string,
  t: Partial<Record<(typeof SEARCHABLE)[number], string | null | undefined>> & { addenda?: string[] | null },
): string {
  const parts = [id, ...SEARCHABLE.map((k) => t[k]), ...(t.addenda ?? []), email];
  return parts
    .filter((p): p is string => !!p)
    .join('\n')
    .toLowerCase();
}

/** Digits for sandbox reference numbers (not secrets, just unique enough to look real). */
export function digits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

/**
 * Writes a new `pending` transaction for an account of the caller's workspace, inside the
 * caller's database transaction, and answers it in the contract's shape. Emits
 * `<type>_transaction_created`, or `<type>_transaction_received` for deposits, in the same transaction.
 */
export async function insertTransaction(tx: Tx, ctx: Ctx, t: NewTransaction, opts: { requireActive: boolean }): Promise<TransactionDto> {
  const account = await tx.account.findFirst({
    where: { id: t.accountId, workspaceId: ctx.workspaceId },
    select: { id: true, email: true, status: true },
  });
  if (!account) throw notFound('account');
  if (opts.requireActive && account.status !== 'active') {
    throw new AppError('INVALID_STATE', `the account must be active to transact; it is ${account.status}`);
  }
  const id = ctx.ids.uuid();
  const now = ctx.clock.now();
  const audit = auditOf(ctx);
  await tx.transaction.create({
    data: {
      ...t,
      id,
      workspaceId: ctx.workspaceId,
      status: 'pending',
      statusReason: 'created',
      statusHistory: [{ status: 'pending', statusReason: 'created', date: now.toISOString() }],
      createdAt: now,
      updatedAt: now,
      auditAdminId: audit.adminId,
      auditAdmin: audit.admin,
      auditApiKey: audit.apiKey,
      searchText: searchTextOf(id, account.email, t as Parameters<typeof searchTextOf>[2]),
    },
    select: { id: true },
  });
  await bumpCounts(
    tx,
    { workspaceId: ctx.workspaceId, createdAt: now, transactionType: t.transactionType, status: 'pending', coins: t.coins as string[] },
    1,
  );
  const transaction = await readTransaction(tx, ctx, id);
  const happened = t.detailType === 'deposit' ? 'received' : 'created';
  const type = `${t.transactionType}_transaction_${happened}` as EventType;
  await emitEvent(tx, ctx, { type, accountId: account.id, details: { transaction } });
  return transaction;
}

/** `insertTransaction` in a database transaction of its own: what the create use cases need. */
export function createTransaction(ctx: Ctx, t: NewTransaction, opts: { requireActive: boolean }): Promise<TransactionDto> {
  return inTransaction(ctx, (tx) => insertTransaction(tx, ctx, t, opts));
}
