import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkBankAccount } from '../../src/core/account-resources/link-bank-account.js';
import { createContext } from '../../src/core/context.js';
import { getVerificationLink } from '../../src/core/kyc/get-verification-link.js';
import { createWorkspace } from '../../src/core/workspaces/create-workspace.js';
import { activeAccount, at } from '../factories/transactions.js';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, rawRequest, startHarness } from '../support/harness.js';
import { loose } from '../support/loose-transaction.js';
import { trpcCaller } from '../support/trpc-caller.js';

// The account page's reads (bank accounts, verification link, status history), over REST and tRPC.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const bank = (last4: string) => ({
  holderName: 'Alice Doe',
  bankName: 'First Bank',
  routingNumber: '021000021',
  accountNumber: `00012345${last4}`,
  accountType: 'checking',
});

describe('linked bank accounts', () => {
  it('are listed oldest first and masked, over REST (contract-checked), tRPC and GraphQL alike', async () => {
    const ws = await workspaceFactory(h.deps);
    const accountId = await activeAccount(ws.ctx, 'banks@example.com');
    await linkBankAccount(at(ws.ctx, '2026-11-01T00:00:00Z'), { accountId, body: bank('1111') });
    await linkBankAccount(at(ws.ctx, '2026-11-02T00:00:00Z'), { accountId, body: bank('2222') });
    const get = (path: string, key = ws.apiKey) => rawRequest(h, 'GET', path, { headers: { authorization: `APIKey ${key}` } });
    const rest = await get(`/api/v2/accounts/${accountId}/bank-accounts?limit=1&page=2`);
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ page: 2, limit: 1, total: 2, data: [{ accountNumberLast4: '2222', accountType: 'checking' }] });
    expect(JSON.stringify(rest.body)).not.toContain('000123452222');
    const viaTrpc = await trpcCaller(h, ws.analystToken).accounts.bankAccounts.query({ accountId });
    expect(viaTrpc.data.map((b) => b.accountNumberLast4)).toEqual(['1111', '2222']);
    const viaGraphql = await graphql(
      h,
      ws.analystToken,
      'query($id: ID!) { bankAccounts(accountId: $id, limit: 1) { total data { accountNumberLast4 } } }',
      {
        id: accountId,
      },
    );
    expect(viaGraphql.data).toEqual({ bankAccounts: { total: 2, data: [{ accountNumberLast4: '1111' }] } });
    expect((await get(`/api/v2/accounts/${accountId}/bank-accounts?sort=asc`)).status).toBe(400);
    const other = await workspaceFactory(h.deps);
    expect((await get(`/api/v2/accounts/${accountId}/bank-accounts`, other.apiKey)).status).toBe(404);
  });
});

describe('the verification link and the status history', () => {
  it('follow the account from pending to active; the token is never part of the answer', async () => {
    const ws = await workspaceFactory(h.deps);
    const admin = trpcCaller(h, ws.adminToken);
    const { accountId } = await admin.accounts.create.mutate({ type: 'individual', email: 'link@example.com' });
    await expect(admin.kyc.verificationLink.query({ accountId })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    const { verificationUrl } = await admin.kyc.submitBankingVerification.mutate(submission(accountId) as never);
    const token = verificationUrl.split('/').pop() ?? '';
    const fresh = await admin.kyc.verificationLink.query({ accountId });
    expect(fresh).toMatchObject({ state: 'active', usedBecause: null, attempts: 0, maxAttempts: 50, verificationStatus: 'saved' });
    expect(Date.parse(fresh.expiresAt) - Date.parse(fresh.issuedAt)).toBe(7 * 24 * 3600 * 1000);
    expect(JSON.stringify(fresh)).not.toContain(token);

    // Past its expiry, seen from a clock 8 days on.
    const later = at(ws.ctx, new Date(Date.now() + 8 * 24 * 3600 * 1000).toISOString());
    expect((await getVerificationLink(later, { accountId })).state).toBe('expired');

    await admin.kyc.requestBankingVerification.mutate({ accountId });
    await admin.simulations.kycOutcome.mutate({ accountId, outcome: 'completed' });
    expect(await admin.kyc.verificationLink.query({ accountId })).toMatchObject({ state: 'used', usedBecause: 'verification_completed' });

    const history = await trpcCaller(h, ws.analystToken).accounts.statusHistory.query({ accountId });
    expect(history.total).toBe(3);
    expect(history.data.map((e) => [e.status, e.previousStatus, e.event])).toEqual([
      ['active', 'in_review', 'account_status_updated'],
      ['in_review', 'pending', 'account_status_updated'],
      ['pending', null, 'account_created'],
    ]);
    const other = await workspaceFactory(h.deps);
    for (const read of [
      () => trpcCaller(h, other.adminToken).accounts.statusHistory.query({ accountId }),
      () => trpcCaller(h, other.adminToken).kyc.verificationLink.query({ accountId }),
    ]) {
      await expect(read()).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    }
  });
});

describe('sandbox simulations for the dashboard (KYB, deposits, transaction status)', () => {
  it('an admin of a sandbox workspace moves things; the changes are visible in the reads', async () => {
    const ws = await workspaceFactory(h.deps);
    const admin = trpcCaller(h, ws.adminToken);
    const biz = await admin.accounts.create.mutate({ type: 'business', email: 'biz@example.com' });
    expect((await admin.simulations.kybEvent.mutate({ accountId: biz.accountId, event: 'submitted' })).status).toBe('in_review');
    const uploaded = await admin.simulations.kybEvent.mutate({
      accountId: biz.accountId,
      event: 'document_uploaded',
      documentType: 'ein_letter',
    });
    expect(uploaded.status).toBe('in_review');
    const deposit = await admin.simulations.bankDeposit.mutate({
      accountId: biz.accountId,
      amount: '12.50',
      coin: 'USD',
      instrumentType: 'wire',
    });
    expect(deposit).toMatchObject({
      transactionType: 'bank',
      status: 'pending',
      bankTransactionDetails: { type: 'deposit', amount: '12.50' },
    });
    const coin = await admin.simulations.cryptoDeposit.mutate({
      accountId: biz.accountId,
      coin: 'ETH',
      network: 'ethereum',
      amount: '0.25',
    });
    expect(loose(coin).cryptoTransactionDetails).toMatchObject({ type: 'deposit', coin: 'ETH' });
    const moved = await admin.simulations.transactionStatus.mutate({
      transactionId: deposit.id,
      status: 'processing',
      statusReason: 'sandbox',
    });
    expect(moved.status).toBe('processing');
    await expect(admin.simulations.transactionStatus.mutate({ transactionId: deposit.id, status: 'pending' })).rejects.toMatchObject({
      data: { code: 'INVALID_STATE' },
    });
    await expect(
      admin.simulations.bankDeposit.mutate({ accountId: biz.accountId, amount: '-1', coin: 'USD', instrumentType: 'ach' }),
    ).rejects.toMatchObject({
      data: { code: 'VALIDATION_FAILED' },
    });
  });

  it('the server refuses analysts and non-sandbox workspaces, whatever the page shows, and nothing changes', async () => {
    const ws = await workspaceFactory(h.deps);
    const accountId = await activeAccount(ws.ctx, 'refused@example.com');
    const live = await createWorkspace(h.deps, { name: 'Live', sandbox: false, adminEmail: `live-${Date.now()}@example.com` });
    const liveCtx = createContext(h.deps, { workspaceId: live.workspaceId, sandbox: false, actor: { kind: 'system', role: 'admin' } });
    const liveAccount = await activeAccount(liveCtx, 'live@example.com');
    const cases = [
      { secret: ws.analystToken, accountId },
      { secret: live.admin.token, accountId: liveAccount },
    ];
    for (const { secret, accountId: id } of cases) {
      const c = trpcCaller(h, secret);
      const attempts = [
        () => c.simulations.kybEvent.mutate({ accountId: id, event: 'submitted' }),
        () => c.simulations.bankDeposit.mutate({ accountId: id, amount: '1.00', coin: 'USD', instrumentType: 'ach' }),
        () => c.simulations.cryptoDeposit.mutate({ accountId: id, coin: 'BTC', network: 'bitcoin', amount: '0.1' }),
        () => c.simulations.transactionStatus.mutate({ transactionId: id, status: 'completed' }),
        () => c.simulations.kycOutcome.mutate({ accountId: id, outcome: 'completed' }),
      ];
      for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    }
    const written = await h.deps.db.transaction.count({ where: { accountId: { in: [accountId, liveAccount] } } });
    expect(written).toBe(0);
  });
});
