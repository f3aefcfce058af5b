import { createAccount } from '../../src/core/accounts/create-account.js';
import type { Ctx } from '../../src/core/context.js';
import { createBankTransaction } from '../../src/core/transactions/create-bank-transaction.js';
import { createCryptoTransaction } from '../../src/core/transactions/create-crypto-transaction.js';
import { createTradeTransaction } from '../../src/core/transactions/create-trade-transaction.js';

/** An account that may transact (status active), created through the core. */
export async function activeAccount(ctx: Ctx, email = 'trader@example.com') {
  const account = await createAccount(ctx, { type: 'individual', email });
  await ctx.db.account.update({
    where: { workspaceId_id: { workspaceId: ctx.workspaceId, id: account.accountId } },
    data: { status: 'active' },
  });
  return account.accountId;
}

/** The core context with its clock fixed at `iso` (to place transactions in time). */
export function at(ctx: Ctx, iso: string): Ctx {
  const date = new Date(iso);
  return { ...ctx, clock: { now: () => date } };
}

export const bankBody = (accountId: string, extra: Record<string, unknown> = {}) => ({
  accountId,
  amount: '100.00',
  coin: 'USD',
  instrumentType: 'ach',
  beneficiaryName: 'Jane Doe',
  beneficiaryRoutingNumber: '021000021',
  beneficiaryAccountNumber: '123456789',
  ...extra,
});

export const cryptoBody = (accountId: string, extra: Record<string, unknown> = {}) => ({
  accountId,
  amount: '0.5',
  coin: 'ETH',
  network: 'ethereum',
  targetAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  ...extra,
});

export const tradeBody = (accountId: string, extra: Record<string, unknown> = {}) => ({
  accountId,
  product: 'BTC-USD',
  side: 'buy',
  quantity: '0.01',
  ...extra,
});

export const createBank = (ctx: Ctx, accountId: string, extra: Record<string, unknown> = {}) =>
  createBankTransaction(ctx, bankBody(accountId, extra));
export const createCrypto = (ctx: Ctx, accountId: string, extra: Record<string, unknown> = {}) =>
  createCryptoTransaction(ctx, cryptoBody(accountId, extra));
export const createTrade = (ctx: Ctx, accountId: string, extra: Record<string, unknown> = {}) =>
  createTradeTransaction(ctx, tradeBody(accountId, extra));
