import { createAccount } from '../../src/core/accounts/create-account.js';
import type { Ctx } from '../../src/core/context.js';
import { PRICES, SCALE, scaleOf } from '../../src/core/transactions/catalog.js';
import { createBankTransaction } from '../../src/core/transactions/create-bank-transaction.js';
import { createCryptoTransaction } from '../../src/core/transactions/create-crypto-transaction.js';
import { createTradeTransaction } from '../../src/core/transactions/create-trade-transaction.js';
import { Decimal } from '../../src/core/transactions/money.js';
import { fund } from './ledger.js';

/** An account that may transact (status active), created through the core. */
export async function activeAccount(ctx: Ctx, email = 'trader@example.com') {
  const account = await createAccount(ctx, { type: 'individual', email });
  await ctx.db.account.update({
    where: { workspaceId_id: { workspaceId: ctx.workspaceId, id: account.accountId } },
    data: { status: 'active' },
  });
  return account.accountId;
}

/** An active account holding plenty of every currency of the catalog (opening balances, factories/ledger.ts). */
export async function fundedAccount(ctx: Ctx, email = 'trader@example.com') {
  const accountId = await activeAccount(ctx, email);
  await fundAll(ctx, accountId);
  return accountId;
}

/** Gives an account plenty of every currency of the catalog (opening balances, factories/ledger.ts). */
export async function fundAll(ctx: Ctx, accountId: string): Promise<void> {
  for (const currency of Object.keys(SCALE)) await fund(ctx, accountId, currency, '1000000');
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

/**
 * What a withdrawal or trade body holds from the account, generously (the largest fee of any
 * instrument or route, a buy's quote at the sandbox price plus its fee): `fundFor` gives the
 * account that much first, so the creation is never refused for funds.
 */
function holdOf(body: Record<string, unknown>): [string, string] {
  if (typeof body.product === 'string') {
    const [base, quote] = body.product.split('-') as [string, string];
    const quantity = new Decimal(String(body.quantity));
    if (body.side === 'sell') return [base, quantity.toFixed()];
    return [
      quote,
      quantity
        .times(PRICES[body.product] ?? '0')
        .times('1.01')
        .plus('0.01')
        .toFixed(scaleOf(quote), Decimal.ROUND_UP),
    ];
  }
  return [String(body.coin), new Decimal(String(body.amount)).plus(100).toFixed()];
}

/** Funds the account for `body` (a withdrawal or trade request body), so that it can be created. */
export async function fundFor(ctx: Ctx, body: Record<string, unknown>): Promise<void> {
  // A body a test made invalid on purpose is left for the use case to refuse.
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const decimal = /^\d{1,20}(\.\d{1,20})?$/;
  const quantity = typeof body.product === 'string' ? body.quantity : body.amount;
  if (typeof body.accountId !== 'string' || !uuid.test(body.accountId) || typeof quantity !== 'string' || !decimal.test(quantity)) return;
  if (typeof body.product === 'string' && !(body.product in PRICES)) return;
  const exists = await ctx.db.account.findFirst({
    where: { workspaceId: ctx.workspaceId, id: body.accountId.toLowerCase() },
    select: { id: true },
  });
  if (!exists) return;
  const [currency, amount] = holdOf(body);
  await fund(ctx, body.accountId.toLowerCase(), currency, amount);
}

/** A withdrawal or trade through the core, on an account funded for it first (factories/ledger.ts). */
/** What makes `bankBody` a SWIFT transfer in EUR (ACH and wire are USD only): spread into its `extra`. */
export const EUR_SWIFT = { instrumentType: 'swift', beneficiarySwiftCode: 'DEUTDEFF', beneficiaryRoutingNumber: undefined, coin: 'EUR' };
export const createBank = async (ctx: Ctx, accountId: string, extra: Record<string, unknown> = {}) => {
  await fundFor(ctx, bankBody(accountId, extra));
  return createBankTransaction(ctx, bankBody(accountId, extra));
};
export const createCrypto = async (ctx: Ctx, accountId: string, extra: Record<string, unknown> = {}) => {
  await fundFor(ctx, cryptoBody(accountId, extra));
  return createCryptoTransaction(ctx, cryptoBody(accountId, extra));
};
export const createTrade = async (ctx: Ctx, accountId: string, extra: Record<string, unknown> = {}) => {
  await fundFor(ctx, tradeBody(accountId, extra));
  return createTradeTransaction(ctx, tradeBody(accountId, extra));
};
