import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { validationError } from '../errors.js';
import { validateBody } from '../validation/validators.js';
import { PRICES, scaleOf, TRADE_FEE_RATE } from './catalog.js';
import { createTransaction } from './insert-transaction.js';
import { amountOf, Decimal, fixed } from './money.js';
import type { TransactionDto } from './transaction-row.js';

/** The amounts of a market order at the sandbox price. */
export function quoteTrade(product: string, side: 'buy' | 'sell', quantity: Decimal) {
  const price = PRICES[product];
  if (!price) throw validationError([{ field: 'product', message: `is not a supported product (${Object.keys(PRICES).join(', ')})` }]);
  const [base, quote] = product.split('-') as [string, string];
  const rate = new Decimal(price);
  const quoteQuantity = quantity.times(rate).toDecimalPlaces(scaleOf(quote), Decimal.ROUND_HALF_UP);
  if (quoteQuantity.isZero()) throw validationError([{ field: 'quantity', message: `is too small to be worth one unit of ${quote}` }]);
  const fee = quoteQuantity.times(TRADE_FEE_RATE).toDecimalPlaces(scaleOf(quote), Decimal.ROUND_UP);
  const total = side === 'buy' ? quoteQuantity.plus(fee) : quoteQuantity.minus(fee);
  return { base, quote, rate, quoteQuantity, fee, total };
}

/** A market order on the sandbox price table, `pending`. */
export async function createTradeTransaction(ctx: Ctx, input: unknown): Promise<TransactionDto> {
  requireWriter(ctx);
  const b = validateBody('CreateTradeTransactionRequest', input);
  const base = b.product.split('-')[0] ?? '';
  const quantity = amountOf('quantity', b.quantity, base);
  const q = quoteTrade(b.product, b.side, quantity);
  return createTransaction(
    ctx,
    {
      accountId: b.accountId.toLowerCase(),
      transactionType: 'trade',
      reference: b.reference ?? '',
      coins: [q.base, q.quote],
      detailType: 'market',
      coin: q.base,
      amount: fixed(quantity, q.base),
      fee: fixed(q.fee, q.quote),
      total: fixed(q.total, q.quote),
      product: b.product,
      side: b.side,
      feeCurrency: q.quote,
      quoteQuantity: fixed(q.quoteQuantity, q.quote),
      quoteCurrency: q.quote,
      rate: q.rate.toString(),
    },
    { requireActive: true },
  );
}
