import { Prisma } from '../../db/generated/prisma/client.js';
import { fieldError, validationError } from '../errors.js';
import { scaleOf } from './catalog.js';

export const Decimal = Prisma.Decimal;
export type Decimal = Prisma.Decimal;

/** A validated positive decimal string, refused when finer than its currency's scale. */
export function amountOf(field: string, value: string, currency: string): Decimal {
  const d = new Decimal(value);
  const scale = scaleOf(currency);
  if (d.decimalPlaces() > scale) {
    throw validationError([
      fieldError(field, 'too_precise', `must have at most ${scale} decimal places for ${currency}`, { limit: scale, currency }),
    ]);
  }
  return d;
}

/** The string stored and shown for an amount: fixed at the currency's scale. */
export function fixed(d: Decimal, currency: string): string {
  return d.toFixed(scaleOf(currency), Decimal.ROUND_HALF_EVEN);
}
