import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { type FieldError, fieldError, validationError } from '../errors.js';
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
    if (b.coin !== 'USD') errors.push(fieldError('coin', 'not_allowed', `must be USD for ${b.instrumentType}`, { allowed: ['USD'] }));
    if (!b.beneficiaryRoutingNumber) errors.push(fieldError('beneficiaryRoutingNumber', 'required', `is required for ${b.instrumentType}`));
    else if (!routingNumberValid(b.beneficiaryRoutingNumber)) {
      errors.push(
        fieldError('beneficiaryRoutingNumber', 'invalid_format', 'is not a valid ABA routing number (checksum)', {
          format: 'routing-number',
        }),
      );
    }
    if (!b.beneficiaryAccountNumber) errors.push(fieldError('beneficiaryAccountNumber', 'required', `is required for ${b.instrumentType}`));
  } else {
    if (!b.beneficiarySwiftCode) errors.push(fieldError('beneficiarySwiftCode', 'required', 'is required for swift'));
    if (!b.beneficiaryIban && !b.beneficiaryAccountNumber) {
      errors.push(fieldError('beneficiaryIban', 'required', 'beneficiaryIban or beneficiaryAccountNumber is required for swift'));
    }
  }
  if (b.addenda?.length && b.instrumentType !== 'ach') errors.push(fieldError('addenda', 'invalid', 'is for ach only'));
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
