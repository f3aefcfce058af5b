import type { Schemas } from '../contract.js';
import { Decimal } from '../transactions/money.js';

/** An amount as stored or computed: a decimal string or a Decimal. */
type DecimalValue = string | number | Decimal | { toString(): string };

/** What the ledger needs of a transaction: its kind and its amounts (strings or decimals, as stored). */
export interface LedgerSubject {
  id: string;
  accountId: string;
  transactionType: string;
  /** deposit, withdrawal (bank), withdraw (crypto), market (trade). */
  detailType: string;
  /** bank, crypto: the coin; trade: the base currency. */
  coin: string;
  /** bank, crypto: the amount; trade: the base quantity. */
  amount: DecimalValue;
  fee: DecimalValue;
  /** bank, crypto: amount + fee; trade: the quote paid (buy) or received (sell), fee included. */
  total: DecimalValue;
  side?: string | null;
  quoteQuantity?: DecimalValue | null;
  quoteCurrency?: string | null;
}

/**
 * One currency's lines of a transaction, signed credit-positive: what the customer account gets
 * (`amount`, negative when it pays) and the workspace's counterpart ledger accounts. They sum to zero.
 */
export interface Leg {
  currency: string;
  amount: Decimal;
  clearing: Decimal;
  fees: Decimal;
  tradingDesk: Decimal;
}

export type Direction = Schemas['TransactionDirection'];

/** Which way money moves for the account: a deposit comes in, a withdrawal goes out, a trade exchanges. */
export function directionOf(detailType: string): Direction {
  if (detailType === 'deposit') return 'in';
  if (detailType === 'market') return 'exchange';
  return 'out';
}

const ZERO = new Decimal(0);
const d = (v: DecimalValue | null | undefined) => new Decimal(v === null || v === undefined ? 0 : String(v));

function leg(currency: string, amount: Decimal, lines: Partial<Omit<Leg, 'currency' | 'amount'>>): Leg {
  return { currency, amount, clearing: lines.clearing ?? ZERO, fees: lines.fees ?? ZERO, tradingDesk: lines.tradingDesk ?? ZERO };
}

/**
 * The money a transaction moves once it completes, per currency (docs/api.md "Balances"):
 * - a withdrawal: the account pays amount + fee; clearing gets the amount, fees the fee;
 * - a deposit: the account gets the amount (less a fee, when there is one) from clearing;
 * - a buy: the account pays the quote total (quote quantity + fee) to the trading desk and the fees
 *   account, and gets the base quantity from the desk;
 * - a sell: the account pays the base quantity to the desk and gets the quote total (quote
 *   quantity - fee); the fee is kept from the proceeds, so a sell needs no quote currency.
 * Ordered by currency, the order every writer locks balance rows in.
 */
export function legsOf(t: LedgerSubject): Leg[] {
  const fee = d(t.fee);
  const legs: Leg[] = [];
  if (t.transactionType === 'trade') {
    const quote = t.quoteCurrency ?? '';
    const base = d(t.amount);
    const quoteQuantity = d(t.quoteQuantity);
    const total = d(t.total);
    if (t.side === 'sell') {
      legs.push(leg(t.coin, base.neg(), { tradingDesk: base }));
      legs.push(leg(quote, total, { tradingDesk: quoteQuantity.neg(), fees: fee }));
    } else {
      legs.push(leg(quote, total.neg(), { tradingDesk: quoteQuantity, fees: fee }));
      legs.push(leg(t.coin, base, { tradingDesk: base.neg() }));
    }
  } else if (t.detailType === 'deposit') {
    const amount = d(t.amount);
    legs.push(leg(t.coin, amount.minus(fee), { clearing: amount.neg(), fees: fee }));
  } else {
    legs.push(leg(t.coin, d(t.total).neg(), { clearing: d(t.amount), fees: fee }));
  }
  return legs.sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}

/** Whether a leg's lines balance: debits = credits, i.e. the signed lines sum to zero. */
export function balanced(l: Pick<Leg, 'amount' | 'clearing' | 'fees' | 'tradingDesk'>): boolean {
  return l.amount.plus(l.clearing).plus(l.fees).plus(l.tradingDesk).isZero();
}
