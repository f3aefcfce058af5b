import type { Schemas } from '../contract.js';
import { Decimal } from '../transactions/money.js';
import type { TransactionStatus } from '../transactions/status-transitions.js';
import { type LedgerSubject, type Leg, legsOf } from './legs.js';

export type EntryType = Schemas['LedgerEntryType'];

/**
 * What each step writes (docs/api.md "Balances"), for every edge of the status transition table
 * (status-transitions.ts) and the creation; a test keeps the keys equal to the table's edges.
 * - `hold`: the transaction's legs, pending: what the account pays is reserved (available
 *   drops), what it gets is pending incoming (not yet available);
 * - `release`: the hold is let go (canceled before processing, or failed);
 * - `settle`: the hold becomes posted money (completed);
 * - `post` of the negated legs: a completed bank transaction is returned, so the money goes back.
 * `null`: the step moves no money (processing is the same hold, in flight).
 */
export const LEDGER_STEPS = {
  'created->pending': { type: 'hold', negate: false },
  'pending->processing': null,
  'pending->canceled': { type: 'release', negate: false },
  'processing->completed': { type: 'settle', negate: false },
  'processing->failed': { type: 'release', negate: false },
  'completed->returned': { type: 'post', negate: true },
} as const satisfies Record<string, { type: EntryType; negate: boolean } | null>;

/** A transaction's creation (`created->pending`) or one of its status transitions. */
export type Step = keyof typeof LEDGER_STEPS;

/** One currency's entry of a step: its type and the signed lines (legs.ts). */
export interface EntryDraft extends Leg {
  type: EntryType;
}

/** The entries a step writes, one per currency; none for a step that moves no money. */
export function entriesFor(t: LedgerSubject, from: TransactionStatus | null, to: TransactionStatus): EntryDraft[] {
  const step = `${from ?? 'created'}->${to}`;
  const rule: { type: EntryType; negate: boolean } | null | undefined = LEDGER_STEPS[step as Step];
  if (rule === undefined) throw new Error(`no ledger rule for ${step}`);
  if (rule === null) return [];
  return legsOf(t).map((l) => ({
    type: rule.type,
    currency: l.currency,
    amount: rule.negate ? l.amount.neg() : l.amount,
    clearing: rule.negate ? l.clearing.neg() : l.clearing,
    fees: rule.negate ? l.fees.neg() : l.fees,
    tradingDesk: rule.negate ? l.tradingDesk.neg() : l.tradingDesk,
  }));
}

/** A customer balance in one currency: posted, pending incoming and pending outgoing. */
export interface BalanceParts {
  posted: Decimal;
  pendingIn: Decimal;
  pendingOut: Decimal;
}

const ZERO = new Decimal(0);

/**
 * How an entry changes its account's balance. A hold adds to the pending side its sign says
 * (incoming when the account gets money, outgoing when it pays); a release takes it away again; a
 * settle takes it away and posts it; a post posts.
 */
export function balanceChange(e: Pick<EntryDraft, 'type' | 'amount'>): BalanceParts {
  const incoming = e.amount.isPositive() ? e.amount : ZERO;
  const outgoing = e.amount.isNegative() ? e.amount.neg() : ZERO;
  switch (e.type) {
    case 'hold':
      return { posted: ZERO, pendingIn: incoming, pendingOut: outgoing };
    case 'release':
      return { posted: ZERO, pendingIn: incoming.neg(), pendingOut: outgoing.neg() };
    case 'settle':
      return { posted: e.amount, pendingIn: incoming.neg(), pendingOut: outgoing.neg() };
    case 'post':
      return { posted: e.amount, pendingIn: ZERO, pendingOut: ZERO };
  }
}

/** What may be spent now: posted money less what is held for outgoing payments. */
export function availableOf(b: BalanceParts): Decimal {
  return b.posted.minus(b.pendingOut);
}

/** Modern Treasury's pending balance: posted, plus what is coming in, less what is going out. */
export function pendingOf(b: BalanceParts): Decimal {
  return b.posted.plus(b.pendingIn).minus(b.pendingOut);
}
