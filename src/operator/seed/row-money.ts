import { scaleOf } from '../../core/transactions/catalog.js';
import { Decimal, fixed } from '../../core/transactions/money.js';
import type { Rng } from './random.js';

/** Zero at the currency's scale: the fee of a deposit. */
export const zero = (currency: string) => fixed(new Decimal(0), currency);

/** An amount drawn log-uniformly, as a Decimal at the currency's scale (or coarser). */
export function amount(rng: Rng, min: number, max: number, currency: string, places = scaleOf(currency)): Decimal {
  return new Decimal(rng.logUniform(min, max).toFixed(Math.min(places, scaleOf(currency))));
}
