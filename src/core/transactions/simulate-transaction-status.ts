import { requireSandbox, requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { assertUuid } from '../validation/uuid.js';
import { validateBody } from '../validation/validators.js';
import { changeTransactionStatus } from './change-transaction-status.js';
import type { TransactionDto } from './transaction-row.js';

/** Sandbox: a bank, chain or exchange reports a new status for a transaction. */
export async function simulateTransactionStatus(ctx: Ctx, input: { transactionId: string; body: unknown }): Promise<TransactionDto> {
  requireWriter(ctx);
  requireSandbox(ctx);
  const id = assertUuid('transactionId', input.transactionId);
  const b = validateBody('TransactionStatusChange', input.body);
  return inTransaction(ctx, (tx) => changeTransactionStatus(tx, ctx, id, b.status, b.statusReason ?? ''));
}
