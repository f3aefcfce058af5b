import type { Deps } from '../context.js';
import type { Schemas } from '../contract.js';
import { fieldError, validationError } from '../errors.js';
import type { FeeSchedule } from '../ports.js';
import { CRYPTO_ROUTES, PRICES, SANDBOX_FEES, scaleOf, TRADE_FEE_RATE } from './catalog.js';
import { Decimal } from './money.js';

/** The fee schedule entry of a coin/network pair, or a field error naming the network. */
export function cryptoRoute(coin: string, network: string, fees: FeeSchedule = SANDBOX_FEES) {
  const route = CRYPTO_ROUTES[`${coin}/${network}`] && fees.crypto[`${coin}/${network}`];
  if (!route) throw validationError([fieldError('network', 'invalid', `is not supported for ${coin}`)]);
  return route;
}

/** The withdrawal fees in force: the deployment's (Deps.fees), or the sandbox schedule. */
export function feeSchedule(deps: Pick<Deps, 'fees'>): FeeSchedule {
  return deps.fees ?? SANDBOX_FEES;
}

/** The amounts of a market order at the sandbox price. */
export function quoteTrade(product: string, side: Schemas['CreateTradeTransactionRequest']['side'], quantity: Decimal) {
  const price = PRICES[product];
  if (!price)
    throw validationError([
      fieldError('product', 'not_allowed', `is not a supported product (${Object.keys(PRICES).join(', ')})`, {
        allowed: Object.keys(PRICES),
      }),
    ]);
  const [base, quote] = product.split('-') as [string, string];
  const rate = new Decimal(price);
  const quoteQuantity = quantity.times(rate).toDecimalPlaces(scaleOf(quote), Decimal.ROUND_HALF_UP);
  if (quoteQuantity.isZero())
    throw validationError([fieldError('quantity', 'too_small', `is too small to be worth one unit of ${quote}`, { currency: quote })]);
  const fee = quoteQuantity.times(TRADE_FEE_RATE).toDecimalPlaces(scaleOf(quote), Decimal.ROUND_UP);
  const total = side === 'buy' ? quoteQuantity.plus(fee) : quoteQuantity.minus(fee);
  return { base, quote, rate, quoteQuantity, fee, total };
}
