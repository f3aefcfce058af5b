import { createHash } from 'node:crypto';
import { requireSandbox, requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { validateBody } from '../validation/validators.js';
import { bankReferences } from './create-bank-transaction.js';
import { cryptoRoute } from './create-crypto-transaction.js';
import { createTransaction } from './insert-transaction.js';
import { amountOf, fixed } from './money.js';
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
  const amount = fixed(amountOf('amount', b.amount, b.coin), b.coin);
  return createTransaction(
    ctx,
    {
      accountId: b.accountId.toLowerCase(),
      transactionType: 'bank',
      reference: b.reference ?? '',
      coins: [b.coin],
      detailType: 'deposit',
      coin: b.coin,
      amount,
      fee: fixed(amountOf('fee', '0', b.coin), b.coin),
      total: amount,
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

/** Sandbox: an incoming on-chain transfer is detected for an account. */
export async function simulateCryptoDeposit(ctx: Ctx, input: unknown): Promise<TransactionDto> {
  requireWriter(ctx);
  requireSandbox(ctx);
  const b = validateBody('SimulateCryptoDepositRequest', input);
  cryptoRoute(b.coin, b.network);
  const amount = fixed(amountOf('amount', b.amount, b.coin), b.coin);
  const txHash = b.txHash ?? `0x${createHash('sha256').update(ctx.ids.uuid()).digest('hex')}`;
  return createTransaction(
    ctx,
    {
      accountId: b.accountId.toLowerCase(),
      transactionType: 'crypto',
      reference: b.reference ?? '',
      coins: [b.coin],
      detailType: 'deposit',
      coin: b.coin,
      amount,
      fee: fixed(amountOf('fee', '0', b.coin), b.coin),
      total: amount,
      network: b.network,
      txHash,
    },
    { requireActive: false },
  );
}
