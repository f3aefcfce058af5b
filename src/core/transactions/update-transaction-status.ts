import type { Ctx } from '../context.js';
import { AppError } from '../errors.js';
import { assertUuid } from '../validation/uuid.js';
import { validateBody } from '../validation/validators.js';
import { changeTransactionStatus } from './change-transaction-status.js';
import type { TransactionDto } from './transaction-row.js';

/** Dashboard: a workspace admin (not an API key, not an analyst) moves a transaction. */
export async function updateTransactionStatus(ctx: Ctx, input: { transactionId: string; body: unknown }): Promise<TransactionDto> {
  if (ctx.actor.kind === 'api_key' || ctx.actor.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'only workspace admins may change a transaction status');
  }
  const id = assertUuid('transactionId', input.transactionId);
  const b = validateBody('TransactionStatusChange', input.body);
  return ctx.db.$transaction((tx) => changeTransactionStatus(tx, ctx, id, b.status, b.statusReason ?? ''));
}
