import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccountBalances } from '../../src/core/ledger/get-account-balances.js';
import { activeAccount, createBank, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { trpcCaller } from '../support/trpc-caller.js';

// The dashboard's confirmation of a status change (transactions.previewStatusChange): what the
// change would do, from the ledger's own rules, with nothing written; refused as the change is.

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let other: Awaited<ReturnType<typeof workspaceFactory>>;
let accountId: string;
beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps, 'Preview');
  other = await workspaceFactory(h.deps, 'Preview other');
  accountId = await activeAccount(ws.ctx);
});
afterAll(async () => h?.close());

const admin = () => trpcCaller(h, ws.adminToken).transactions;
const usd = async () => (await getAccountBalances(ws.ctx, { accountId })).data.find((b) => b.currency === 'USD');

describe('transactions.previewStatusChange', () => {
  it('says from, to, the reason, the event and the balance now and after, and writes nothing', async () => {
    const tx = await createBank(ws.ctx, accountId, { amount: '100.00' });
    await admin().updateStatus.mutate({ transactionId: tx.id, status: 'processing' });
    const before = await usd();
    const p = await admin().previewStatusChange.query({ transactionId: tx.id, status: 'completed', statusReason: 'settled by the bank' });
    expect(p).toMatchObject({
      transactionId: tx.id,
      from: 'processing',
      to: 'completed',
      statusReason: 'settled by the bank',
      event: 'bank_transaction_status_updated',
    });
    expect(p.balances).toHaveLength(1);
    const [usdEffect] = p.balances;
    expect(usdEffect).toMatchObject({ currency: 'USD', entryType: 'settle', sufficient: true });
    expect(usdEffect?.before).toEqual({ posted: before?.posted, pending: before?.pending, available: before?.available });
    // Settling a withdrawal: posted drops by amount + fee (100.25), available was already held.
    expect(Number(usdEffect?.after.posted)).toBeCloseTo(Number(before?.posted) - 100.25, 2);
    expect(usdEffect?.after.available).toBe(before?.available);
    // Nothing written: the status and the balance are as they were.
    expect((await admin().get.query({ transactionId: tx.id })).status).toBe('processing');
    expect(await usd()).toEqual(before);
    // The change then does what the preview said.
    await admin().updateStatus.mutate({ transactionId: tx.id, status: 'completed' });
    expect((await usd())?.posted).toBe(usdEffect?.after.posted);
  });

  it('moves no money for pending -> processing, two currencies for a trade', async () => {
    const bank = await createBank(ws.ctx, accountId);
    expect((await admin().previewStatusChange.query({ transactionId: bank.id, status: 'processing' })).balances).toEqual([]);
    const trade = await createTrade(ws.ctx, accountId);
    await admin().updateStatus.mutate({ transactionId: trade.id, status: 'processing' });
    const p = await admin().previewStatusChange.query({ transactionId: trade.id, status: 'completed' });
    expect(p.statusReason).toBe('');
    expect(p.balances.map((b) => b.currency)).toEqual([...trade.coins].sort());
  });

  it('refuses what the change refuses: a transition the table forbids, a bad reason, analysts and keys, another workspace', async () => {
    const tx = await createBank(ws.ctx, accountId);
    await expect(admin().previewStatusChange.query({ transactionId: tx.id, status: 'completed' })).rejects.toMatchObject({
      data: { code: 'INVALID_STATE' },
    });
    await expect(
      admin().previewStatusChange.query({ transactionId: tx.id, status: 'processing', statusReason: 'x'.repeat(256) }),
    ).rejects.toMatchObject({ data: { code: 'VALIDATION_FAILED' } });
    for (const token of [ws.analystToken, ws.apiKey]) {
      await expect(
        trpcCaller(h, token).transactions.previewStatusChange.query({ transactionId: tx.id, status: 'processing' }),
      ).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    }
    await expect(
      trpcCaller(h, other.adminToken).transactions.previewStatusChange.query({ transactionId: tx.id, status: 'processing' }),
    ).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
  });
});
