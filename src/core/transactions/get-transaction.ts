import type { Ctx } from '../context.js';
import { assertUuid } from '../validation/uuid.js';
import { readTransaction } from './transaction-read.js';
import type { TransactionDto } from './transaction-row.js';

/** A transaction of the caller's workspace; another workspace's is NOT_FOUND. */
export async function getTransaction(ctx: Ctx, input: { transactionId: string }): Promise<TransactionDto> {
  return readTransaction(ctx.sql, ctx, assertUuid('transactionId', input.transactionId));
}
