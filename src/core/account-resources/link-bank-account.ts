import { recordAudit, withheldFields } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { fieldError, validationError } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { routingNumberValid } from '../transactions/catalog.js';
import { validateBody } from '../validation/validators.js';
import { emitEvent } from '../webhooks/events.js';
import { activeAccountFor } from './account-for-resource.js';
import { bankAccountSelect, toBankAccountDto } from './bank-account-dto.js';

/** Links an external bank account (number sealed, last 4 shown); emits bank_account_link. */
export async function linkBankAccount(ctx: Ctx, input: { accountId: string; body: unknown }): Promise<Schemas['BankAccountLink']> {
  requireWriter(ctx);
  const b = validateBody('LinkBankAccountRequest', input.body);
  if (!routingNumberValid(b.routingNumber))
    throw validationError([
      fieldError('routingNumber', 'invalid_format', 'is not a valid ABA routing number (checksum)', { format: 'routing-number' }),
    ]);
  return inTransaction(ctx, async (tx) => {
    const accountId = await activeAccountFor(tx, ctx, input.accountId);
    const id = ctx.ids.uuid();
    const row = await tx.bankAccountLink.create({
      data: {
        id,
        workspaceId: ctx.workspaceId,
        accountId,
        holderName: b.holderName,
        bankName: b.bankName ?? null,
        routingNumber: b.routingNumber,
        accountNumberEnc: ctx.cipher.encrypt(b.accountNumber, `bank_account_link:${id}:accountNumber`),
        accountNumberLast4: b.accountNumber.slice(-4),
        accountType: b.accountType,
        createdAt: ctx.clock.now(),
      },
      select: bankAccountSelect,
    });
    const bankAccount = toBankAccountDto(row);
    await emitEvent(tx, ctx, { type: 'bank_account_link', accountId, details: { bankAccount } });
    await recordAudit(tx, ctx, {
      action: 'bank_account.linked',
      object: { type: 'bank_account', id },
      changes: {
        accountId: { after: accountId },
        accountType: { after: b.accountType },
        ...withheldFields(['holderName', 'routingNumber', 'accountNumber']),
      },
    });
    return bankAccount;
  });
}
