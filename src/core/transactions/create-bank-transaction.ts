import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { type FieldError, validationError } from '../errors.js';
import { validateBody } from '../validation/validators.js';
import { BANK_FEES, routingNumberValid } from './catalog.js';
import { createTransaction, digits } from './insert-transaction.js';
import { amountOf, Decimal, fixed } from './money.js';
import type { TransactionDto } from './transaction-row.js';

/** Instrument rules a schema cannot state (which fields each rail needs). */
function checkInstrument(b: {
  instrumentType: 'ach' | 'wire' | 'swift';
  coin: string;
  beneficiaryRoutingNumber?: string;
  beneficiaryAccountNumber?: string;
  beneficiarySwiftCode?: string;
  beneficiaryIban?: string;
  addenda?: string[];
}): void {
  const errors: FieldError[] = [];
  if (b.instrumentType === 'ach' || b.instrumentType === 'wire') {
    if (b.coin !== 'USD') errors.push({ field: 'coin', message: `must be USD for ${b.instrumentType}` });
    if (!b.beneficiaryRoutingNumber) errors.push({ field: 'beneficiaryRoutingNumber', message: `is required for ${b.instrumentType}` });
    else if (!routingNumberValid(b.beneficiaryRoutingNumber)) {
      errors.push({ field: 'beneficiaryRoutingNumber', message: 'is not a valid ABA routing number (checksum)' });
    }
    if (!b.beneficiaryAccountNumber) errors.push({ field: 'beneficiaryAccountNumber', message: `is required for ${b.instrumentType}` });
  } else {
    if (!b.beneficiarySwiftCode) errors.push({ field: 'beneficiarySwiftCode', message: 'is required for swift' });
    if (!b.beneficiaryIban && !b.beneficiaryAccountNumber) {
      errors.push({ field: 'beneficiaryIban', message: 'beneficiaryIban or beneficiaryAccountNumber is required for swift' });
    }
  }
  if (b.addenda?.length && b.instrumentType !== 'ach') errors.push({ field: 'addenda', message: 'is for ach only' });
  if (errors.length) throw validationError(errors);
}

/** Sandbox reference numbers of the rails: ours, the ACH trace number, the Fedwire IMAD. */
export function bankReferences(instrument: string, now: Date) {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return {
    transactionReference: `FAS${day}${digits(8)}`,
    traceNumber: instrument === 'ach' ? `02100002${digits(7)}` : null,
    imad: instrument === 'wire' ? `${day}FASBNK01${digits(6)}` : null,
  };
}

/** A bank withdrawal (DESIGN.md "Transactions"), `pending`, fee from the schedule. */
export async function createBankTransaction(ctx: Ctx, input: unknown): Promise<TransactionDto> {
  requireWriter(ctx);
  const b = validateBody('CreateBankTransactionRequest', input);
  const amount = amountOf('amount', b.amount, b.coin);
  checkInstrument(b);
  const fee = new Decimal(BANK_FEES[b.instrumentType]);
  return createTransaction(
    ctx,
    {
      accountId: b.accountId.toLowerCase(),
      transactionType: 'bank',
      reference: b.reference ?? '',
      coins: [b.coin],
      detailType: 'withdrawal',
      coin: b.coin,
      amount: fixed(amount, b.coin),
      fee: fixed(fee, b.coin),
      total: fixed(amount.plus(fee), b.coin),
      instrumentType: b.instrumentType,
      ...bankReferences(b.instrumentType, ctx.clock.now()),
      beneficiaryName: b.beneficiaryName,
      beneficiaryAccountNumber: b.beneficiaryAccountNumber ?? null,
      beneficiaryRoutingNumber: b.beneficiaryRoutingNumber ?? null,
      beneficiarySwiftCode: b.beneficiarySwiftCode ?? null,
      beneficiaryIban: b.beneficiaryIban ?? null,
      beneficiaryBankName: b.beneficiaryBankName ?? null,
      addenda: b.addenda ?? [],
    },
    { requireActive: true },
  );
}
