import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { type FieldError, validationError } from '../errors.js';
import { validateBody } from '../validation/validators.js';
import { addressValid, CRYPTO_ROUTES } from './catalog.js';
import { createTransaction } from './insert-transaction.js';
import { amountOf, Decimal, fixed } from './money.js';
import type { TransactionDto } from './transaction-row.js';

/** The fee schedule entry of a coin/network pair, or a field error naming the network. */
export function cryptoRoute(coin: string, network: string) {
  const route = CRYPTO_ROUTES[`${coin}/${network}`];
  if (!route) throw validationError([{ field: 'network', message: `is not supported for ${coin}` }]);
  return route;
}

/** A crypto withdrawal to an address, `pending`; txHash comes when it is broadcast. */
export async function createCryptoTransaction(ctx: Ctx, input: unknown): Promise<TransactionDto> {
  requireWriter(ctx);
  const b = validateBody('CreateCryptoTransactionRequest', input);
  const amount = amountOf('amount', b.amount, b.coin);
  const route = cryptoRoute(b.coin, b.network);
  const errors: FieldError[] = [];
  if (!addressValid(b.network, b.targetAddress)) errors.push({ field: 'targetAddress', message: `is not a valid ${b.network} address` });
  if (errors.length) throw validationError(errors);
  const fee = new Decimal(route.fee);
  return createTransaction(
    ctx,
    {
      accountId: b.accountId.toLowerCase(),
      transactionType: 'crypto',
      reference: b.reference ?? '',
      coins: [b.coin],
      detailType: 'withdraw',
      coin: b.coin,
      amount: fixed(amount, b.coin),
      fee: fixed(fee, b.coin),
      total: fixed(amount.plus(fee), b.coin),
      network: b.network,
      networkFee: fixed(new Decimal(route.networkFee), b.coin),
      targetAddress: b.targetAddress,
    },
    { requireActive: true },
  );
}
