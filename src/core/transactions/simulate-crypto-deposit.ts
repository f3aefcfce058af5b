import { createHash } from 'node:crypto';
import { requireSandbox, requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { validateBody } from '../validation/validators.js';
import { amountOf, Decimal } from './money.js';
import { cryptoRoute } from './pricing.js';
import { createTransaction, inOneCoin } from './transaction-insert.js';
import type { TransactionDto } from './transaction-row.js';

/** Sandbox: an incoming on-chain transfer is detected for an account. */
export async function simulateCryptoDeposit(ctx: Ctx, input: unknown): Promise<TransactionDto> {
  requireWriter(ctx);
  requireSandbox(ctx);
  const b = validateBody('SimulateCryptoDepositRequest', input);
  cryptoRoute(b.coin, b.network);
  const amount = amountOf('amount', b.amount, b.coin);
  const txHash = b.txHash ?? `0x${createHash('sha256').update(ctx.ids.uuid()).digest('hex')}`;
  return createTransaction(
    ctx,
    {
      ...inOneCoin(b, { transactionType: 'crypto', detailType: 'deposit' }, amount, new Decimal(0)),
      network: b.network,
      txHash,
    },
    { requireActive: false },
  );
}
