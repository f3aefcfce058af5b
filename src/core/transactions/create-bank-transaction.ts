import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { type FieldError, validationError } from '../errors.js';
import { validateBody } from '../validation/validators.js';
import { routingNumberValid } from './catalog.js';
import { amountOf, Decimal } from './money.js';
import { feeSchedule } from './pricing.js';
import { bankReferences } from './sandbox-references.js';
import { createTransaction, inOneCoin } from './transaction-insert.js';
import type { TransactionDto } from './transaction-row.js';

/** Instrument rules a schema cannot state (which fields each rail needs). */
function checkInstrument(b: {
  instrumentType: Schemas['SimulateBankDepositRequest']['instrumentType'];
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

/** A bank withdrawal (DESIGN.md "Transactions"), `pending`, fee from the schedule. */
export async function createBankTransaction(ctx: Ctx, input: unknown): Promise<TransactionDto> {
  requireWriter(ctx);
  const b = validateBody('CreateBankTransactionRequest', input);
  const amount = amountOf('amount', b.amount, b.coin);
  checkInstrument(b);
  return createTransaction(
    ctx,
    {
      ...inOneCoin(b, { transactionType: 'bank', detailType: 'withdrawal' }, amount, new Decimal(feeSchedule(ctx).bank[b.instrumentType])),
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
