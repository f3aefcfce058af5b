import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../src/core/context.js';
import { AppError } from '../../src/core/errors.js';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.js';
import { createBankTransaction } from '../../src/core/transactions/create-bank-transaction.js';
import { createCryptoTransaction } from '../../src/core/transactions/create-crypto-transaction.js';
import { createTradeTransaction } from '../../src/core/transactions/create-trade-transaction.js';
import { Decimal } from '../../src/core/transactions/money.js';
import { simulateBankDeposit } from '../../src/core/transactions/simulate-bank-deposit.js';
import { simulateCryptoDeposit } from '../../src/core/transactions/simulate-crypto-deposit.js';
import { simulateTransactionStatus } from '../../src/core/transactions/simulate-transaction-status.js';
import { nextStatuses, type TransactionStatus } from '../../src/core/transactions/status-transitions.js';
import { activeAccount, bankBody, cryptoBody } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

// Random sequences of deposits, withdrawals, trades and status changes over two accounts and three
// currencies, with amounts chosen so that funds often run short. After every step: each entry
// balances, each balance is the sum of its entries, each transaction's entries match its status
// (verifyLedger), no available balance is below zero, and a spend was refused exactly when it
// needed more than was available.
const action = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), account: fc.nat(1), coin: fc.constantFrom('USD', 'ETH', 'BTC'), size: fc.nat(2) }),
  fc.record({ kind: fc.constant('withdraw' as const), account: fc.nat(1), coin: fc.constantFrom('USD', 'ETH', 'BTC'), size: fc.nat(2) }),
  fc.record({ kind: fc.constant('trade' as const), account: fc.nat(1), side: fc.constantFrom('buy', 'sell'), size: fc.nat(1) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(1000), choice: fc.nat(1) }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

const DEPOSITS: Record<string, string[]> = {
  USD: ['10.00', '120.00', '900.00'],
  ETH: ['0.05', '0.5', '3'],
  BTC: ['0.002', '0.01', '0.05'],
};
const WITHDRAWALS: Record<string, string[]> = {
  USD: ['5.00', '60.00', '400.00'],
  ETH: ['0.01', '0.2', '1'],
  BTC: ['0.001', '0.005', '0.02'],
};

async function available(ctx: Ctx, accountId: string): Promise<Map<string, Decimal>> {
  const rows = await ctx.db.ledgerBalance.findMany({
    where: { workspaceId: ctx.workspaceId, accountId },
    select: { currency: true, posted: true, pendingOut: true },
  });
  return new Map(rows.map((r) => [r.currency, new Decimal(r.posted.toString()).minus(r.pendingOut.toString())]));
}

async function step(ctx: Ctx, accounts: string[], ids: string[], a: Action): Promise<void> {
  if (a.kind === 'move') {
    if (ids.length === 0) return;
    const id = ids[a.pick % ids.length] as string;
    const t = await ctx.db.transaction.findFirstOrThrow({
      where: { workspaceId: ctx.workspaceId, id },
      select: { status: true, transactionType: true },
    });
    const next = nextStatuses(t.status as TransactionStatus, t.transactionType);
    if (next.length === 0) return;
    try {
      await simulateTransactionStatus(ctx, { transactionId: id, body: { status: next[a.choice % next.length] } });
    } catch (err) {
      // Only a return of a deposit already spent may be refused.
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('INSUFFICIENT_FUNDS');
    }
    return;
  }
  const accountId = accounts[a.account] as string;
  if (a.kind === 'deposit') {
    const amount = DEPOSITS[a.coin]?.[a.size] as string;
    const t =
      a.coin === 'USD'
        ? await simulateBankDeposit(ctx, { accountId, amount, coin: 'USD', instrumentType: 'wire' })
        : await simulateCryptoDeposit(ctx, { accountId, amount, coin: a.coin, network: a.coin === 'BTC' ? 'bitcoin' : 'ethereum' });
    ids.push(t.id);
    return;
  }
  const before = await available(ctx, accountId);
  let create: () => Promise<{ id: string }>;
  let need: [string, Decimal];
  if (a.kind === 'withdraw') {
    const amount = WITHDRAWALS[a.coin]?.[a.size] as string;
    if (a.coin === 'USD') {
      create = () => createBankTransaction(ctx, bankBody(accountId, { amount }));
      need = ['USD', new Decimal(amount).plus('0.25')];
    } else {
      const network = a.coin === 'BTC' ? 'bitcoin' : 'ethereum';
      const targetAddress = a.coin === 'BTC' ? 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' : '0x52908400098527886E0F7030069857D2E4169EE7';
      create = () => createCryptoTransaction(ctx, cryptoBody(accountId, { amount, coin: a.coin, network, targetAddress }));
      need = [a.coin, new Decimal(amount).plus(a.coin === 'BTC' ? '0.0002' : '0.002')];
    }
  } else {
    const quantity = ['0.001', '0.01'][a.size] as string;
    create = () => createTradeTransaction(ctx, { accountId, product: 'BTC-USD', side: a.side, quantity });
    const quote = new Decimal(quantity).times(65000);
    need =
      a.side === 'buy' ? ['USD', quote.plus(quote.times('0.005').toDecimalPlaces(2, Decimal.ROUND_UP))] : ['BTC', new Decimal(quantity)];
  }
  const enough = (before.get(need[0]) ?? new Decimal(0)).gte(need[1]);
  try {
    ids.push((await create()).id);
    expect(enough, `created while ${need[0]} ${before.get(need[0])} < ${need[1]}`).toBe(true);
  } catch (err) {
    expect((err as AppError).code, String(err)).toBe('INSUFFICIENT_FUNDS');
    expect(enough, `refused while ${need[0]} ${before.get(need[0])} >= ${need[1]}`).toBe(false);
  }
}

describe('ledger invariants under random sequences', () => {
  it('entries balance, balances are the sums of entries, available never below zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 30 }), async (actions) => {
        const ws = await workspaceFactory(h.deps, 'Property');
        const accounts = [await activeAccount(ws.ctx, 'p1@example.com'), await activeAccount(ws.ctx, 'p2@example.com')];
        const ids: string[] = [];
        for (const a of actions) {
          await step(ws.ctx, accounts, ids, a);
          const report = await verifyLedger(h.deps, { workspaceId: ws.workspaceId });
          expect(report.drifts).toEqual([]);
          expect(report.negative).toBe(0);
        }
      }),
      { numRuns: 12, seed: 35, endOnFailure: true },
    );
  }, 600_000);
});
