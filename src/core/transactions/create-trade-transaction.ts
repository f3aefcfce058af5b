import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { validateBody } from '../validation/validators.js';
import { amountOf, fixed } from './money.js';
import { quoteTrade } from './pricing.js';
import { createTransaction } from './transaction-insert.js';
import type { TransactionDto } from './transaction-row.js';

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
