import { Prisma } from '../../db/generated/prisma/client.js';
import type { Schemas } from '../contract.js';
import { Decimal, fixed } from '../transactions/money.js';
import { availableOf, type BalanceParts, pendingOf } from './ledger-steps.js';

export type BalanceDto = Schemas['Balance'];
export type EntryBalanceDto = Schemas['EntryBalance'];

/** A balance as SQL answers it: numerics as text. */
export interface BalanceRow {
  currency: string;
  posted: string;
  pendingIn: string;
  pendingOut: string;
}

/** The SELECT list of a `ledger_balances b` row as `BalanceRow`. */
export const balanceColumns = Prisma.sql`b.currency, b.posted::text AS "posted", b.pending_in::text AS "pendingIn", b.pending_out::text AS "pendingOut"`;

export function partsOf(r: Omit<BalanceRow, 'currency'>): BalanceParts {
  return { posted: new Decimal(r.posted), pendingIn: new Decimal(r.pendingIn), pendingOut: new Decimal(r.pendingOut) };
}

/** The running balance an entry carries: posted, pending and available at the currency's scale. */
export function toEntryBalanceDto(currency: string, p: BalanceParts): EntryBalanceDto {
  return { posted: fixed(p.posted, currency), pending: fixed(pendingOf(p), currency), available: fixed(availableOf(p), currency) };
}

/** The one mapping from a balance row to the contract's `Balance`. */
export function toBalanceDto(r: BalanceRow): BalanceDto {
  const p = partsOf(r);
  return {
    currency: r.currency,
    ...toEntryBalanceDto(r.currency, p),
    pendingIncoming: fixed(p.pendingIn, r.currency),
    pendingOutgoing: fixed(p.pendingOut, r.currency),
  };
}
