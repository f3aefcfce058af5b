import { Prisma } from '../../db/generated/prisma/client.js';
import type { Schemas } from '../contract.js';
import { Decimal, fixed } from '../transactions/money.js';
import { partsOf, toEntryBalanceDto } from './balance-dto.js';

export type LedgerEntryDto = Schemas['LedgerEntry'];
type Line = Schemas['LedgerLine'];

/** An entry as SQL answers it (`entryColumns`): ids and numerics as text. */
export interface EntryRow {
  entryId: string;
  transactionId: string | null;
  accountId: string;
  currency: string;
  type: LedgerEntryDto['type'];
  status: LedgerEntryDto['status'];
  createdAt: Date;
  amount: string;
  clearing: string;
  fees: string;
  tradingDesk: string;
  posted: string;
  pendingIn: string;
  pendingOut: string;
}

/** The SELECT list of a `ledger_entries e` row as `EntryRow`. */
export const entryColumns = Prisma.sql`e.id::text AS "entryId", e.transaction_id::text AS "transactionId", e.account_id::text AS "accountId",
  e.currency, e.type::text AS "type", e.status::text AS "status", e.created_at AS "createdAt",
  e.amount::text AS "amount", e.clearing::text AS "clearing", e.fees::text AS "fees", e.trading_desk::text AS "tradingDesk",
  e.posted::text AS "posted", e.pending_in::text AS "pendingIn", e.pending_out::text AS "pendingOut"`;

/** A signed, credit-positive line as the contract's debit or credit; none for a zero line. */
function line(ledgerAccount: Line['ledgerAccount'], signed: string, currency: string): Line[] {
  const v = new Decimal(signed);
  if (v.isZero()) return [];
  return [{ ledgerAccount, direction: v.isNegative() ? 'debit' : 'credit', amount: fixed(v.abs(), currency) }];
}

/** The one mapping from a stored entry to the contract's `LedgerEntry`. */
export function toEntryDto(r: EntryRow): LedgerEntryDto {
  return {
    entryId: r.entryId,
    transactionId: r.transactionId,
    accountId: r.accountId,
    currency: r.currency,
    type: r.type,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    lines: [
      ...line('customer', r.amount, r.currency),
      ...line('clearing', r.clearing, r.currency),
      ...line('fees', r.fees, r.currency),
      ...line('trading_desk', r.tradingDesk, r.currency),
    ],
    balance: toEntryBalanceDto(r.currency, partsOf(r)),
  };
}
