import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { fieldError, validationError } from '../errors.js';
import { validateBody } from '../validation/validators.js';
import { addressValid } from './catalog.js';
import { amountOf, Decimal, fixed } from './money.js';
import { cryptoRoute, feeSchedule } from './pricing.js';
import { createTransaction, inOneCoin } from './transaction-insert.js';
import type { TransactionDto } from './transaction-row.js';

/** A crypto withdrawal to an address, `pending`; txHash comes when it is broadcast. */
export async function createCryptoTransaction(ctx: Ctx, input: unknown): Promise<TransactionDto> {
  requireWriter(ctx);
  const b = validateBody('CreateCryptoTransactionRequest', input);
  const amount = amountOf('amount', b.amount, b.coin);
  const route = cryptoRoute(b.coin, b.network, feeSchedule(ctx));
  if (!addressValid(b.network, b.targetAddress)) {
    throw validationError([fieldError('targetAddress', 'invalid_format', `is not a valid ${b.network} address`, { format: 'address' })]);
  }
  return createTransaction(
    ctx,
    {
      ...inOneCoin(b, { transactionType: 'crypto', detailType: 'withdraw' }, amount, new Decimal(route.fee)),
      network: b.network,
      networkFee: fixed(new Decimal(route.networkFee), b.coin),
      targetAddress: b.targetAddress,
    },
    { requireActive: true },
  );
}
