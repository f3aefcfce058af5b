import type { Prisma } from '../../db/generated/prisma/client.js';
import { DEFAULTS } from '../../defaults.js';
import type { Ctx } from '../context.js';
import { recordAnswer } from './idempotency-store.js';

type Tx = Prisma.TransactionClient;

/**
 * A use case's database transaction. When the request carries an `Idempotency-Key`, the answer
 * (the value `fn` returns, as JSON, with the operation's success status) is written to the
 * idempotency row inside the same transaction: a crash after the commit can never let a retry
 * run the change twice, and a retry replays exactly what was committed.
 */
export async function inTransaction<T>(ctx: Ctx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const pending = ctx.idempotency;
  const result = await ctx.db.$transaction(
    async (tx) => {
      const value = await fn(tx);
      if (pending && !pending.recorded) await recordAnswer(tx, ctx, pending, JSON.stringify(value));
      return value;
    },
    { maxWait: DEFAULTS.transactionMaxWaitMs, timeout: DEFAULTS.transactionTimeoutMs },
  );
  if (pending) pending.recorded = true;
  return result;
}
