import { requireSandbox, requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { validateBody } from '../validation/validators.js';
import { amountOf, Decimal } from './money.js';
import { bankReferences } from './sandbox-references.js';
import { createTransaction, inOneCoin } from './transaction-insert.js';
import type { TransactionDto } from './transaction-row.js';

/**
 * Sandbox: an incoming bank transfer arrives for an account (any status: money arrives whether
 * or not the account may send). For a credit through an intermediary, `originatorName` carries
 * the intermediary and `addenda` the real sender (BankTransactionDetails in openapi.yaml).
 */
export async function simulateBankDeposit(ctx: Ctx, input: unknown): Promise<TransactionDto> {
  requireWriter(ctx);
  requireSandbox(ctx);
  const b = validateBody('SimulateBankDepositRequest', input);
  const amount = amountOf('amount', b.amount, b.coin);
  return createTransaction(
    ctx,
    {
      ...inOneCoin(b, { transactionType: 'bank', detailType: 'deposit' }, amount, new Decimal(0)),
      instrumentType: b.instrumentType,
      ...bankReferences(b.instrumentType, ctx.clock.now()),
      originatorName: b.originatorName ?? null,
      senderAccountNumber: b.senderAccountNumber ?? null,
      senderRoutingNumber: b.senderRoutingNumber ?? null,
      senderSwiftCode: b.senderSwiftCode ?? null,
      senderIban: b.senderIban ?? null,
      senderBankName: b.senderBankName ?? null,
      addenda: b.addenda ?? [],
    },
    { requireActive: false },
  );
}
