import { fixed } from '../../core/transactions/money.js';
import { quoteTrade } from '../../core/transactions/pricing.js';
import type { SeedRow } from './bulk-insert.js';
import type { Rng } from './random.js';
import { PRODUCTS, TRADE_RANGES } from './reference-data.js';
import { amount } from './row-money.js';
import { type Status, statusFor } from './status-model.js';

/** The columns of a trade, drawn into `row` as `createTradeTransaction` makes it: a market order at the sandbox price. Answers the status. */
export function drawTrade(rng: Rng, row: SeedRow, age: number): Status {
  const product = rng.pick(PRODUCTS);
  const side = rng.chance(0.55) ? 'buy' : 'sell';
  const base = product.split('-')[0] as string;
  const [min, max, places] = TRADE_RANGES[base] as [number, number, number];
  const quantity = amount(rng, min, max, base, places);
  const q = quoteTrade(product, side, quantity);
  row.coins = [q.base, q.quote];
  row.detailType = 'market';
  row.coin = q.base;
  row.product = product;
  row.side = side;
  row.amount = fixed(quantity, q.base);
  row.fee = fixed(q.fee, q.quote);
  row.total = fixed(q.total, q.quote);
  row.feeCurrency = q.quote;
  row.quoteQuantity = fixed(q.quoteQuantity, q.quote);
  row.quoteCurrency = q.quote;
  row.rate = q.rate.toString();
  return statusFor(rng, age, false);
}
