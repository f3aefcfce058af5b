import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.js';
import { activeAccount, bankBody, tradeBody } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, rawRequest, startHarness } from '../support/harness.js';
import { trpcCaller } from '../support/trpc-caller.js';

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
});
afterAll(async () => h?.close());

const call = (method: string, path: string, body?: unknown, key = ws.apiKey) =>
  rawRequest(h, method, path, {
    headers: { authorization: `APIKey ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
const move = async (id: string, ...statuses: string[]) => {
  for (const status of statuses) expect((await call('POST', `/api/v2/simulations/transactions/${id}/status`, { status })).status).toBe(200);
};
const balances = async (accountId: string) => {
  const r = await call('GET', `/api/v2/accounts/${accountId}/balances`);
  expect(r.status).toBe(200);
  return Object.fromEntries((r.body.data as { currency: string }[]).map((b) => [b.currency, b]));
};
const clean = async () => expect((await verifyLedger(h.deps, { workspaceId: ws.workspaceId })).drifts).toEqual([]);

describe('the worked example of docs/api.md "Balances"', () => {
  let accountId: string;
  beforeAll(async () => {
    accountId = await activeAccount(ws.ctx, 'worked@example.com');
  });

  it('a deposit is pending incoming until completed, then available', async () => {
    const deposit = await call('POST', '/api/v2/simulations/deposits/bank', {
      accountId,
      amount: '1000.00',
      coin: 'USD',
      instrumentType: 'wire',
    });
    expect(deposit.status).toBe(201);
    expect(deposit.body.direction).toBe('in');
    expect((await balances(accountId)).USD).toEqual({
      currency: 'USD',
      posted: '0.00',
      pending: '1000.00',
      available: '0.00',
      pendingIncoming: '1000.00',
      pendingOutgoing: '0.00',
    });
    await move(deposit.body.id, 'processing', 'completed');
    expect((await balances(accountId)).USD).toMatchObject({ posted: '1000.00', available: '1000.00', pendingIncoming: '0.00' });
    await clean();
  });

  it('a withdrawal holds amount + fee, and a failure releases it', async () => {
    const w = await call('POST', '/api/v2/transactions/bank', bankBody(accountId, { amount: '100.00' }));
    expect(w.status).toBe(201);
    expect(w.body.direction).toBe('out');
    expect((await balances(accountId)).USD).toMatchObject({
      posted: '1000.00',
      pending: '899.75',
      available: '899.75',
      pendingOutgoing: '100.25',
    });
    await move(w.body.id, 'processing', 'failed');
    expect((await balances(accountId)).USD).toMatchObject({ posted: '1000.00', available: '1000.00', pendingOutgoing: '0.00' });
    const entries = await call('GET', `/api/v2/transactions/${w.body.id}/entries`);
    expect(entries.body.data.map((e: { type: string; status: string }) => [e.type, e.status])).toEqual([
      ['hold', 'pending'],
      ['release', 'failed'],
    ]);
    expect(entries.body.data[0].lines).toEqual([
      { ledgerAccount: 'customer', direction: 'debit', amount: '100.25' },
      { ledgerAccount: 'clearing', direction: 'credit', amount: '100.00' },
      { ledgerAccount: 'fees', direction: 'credit', amount: '0.25' },
    ]);
    await clean();
  });

  it('more than is available is 409 INSUFFICIENT_FUNDS with the available amount, and nothing is written', async () => {
    const before = await h.deps.db.transaction.count({ where: { workspaceId: ws.workspaceId } });
    const r = await call('POST', '/api/v2/transactions/bank', bankBody(accountId, { amount: '1000.00' }));
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', funds: { currency: 'USD', available: '1000.00', required: '1000.25' } });
    expect(await h.deps.db.transaction.count({ where: { workspaceId: ws.workspaceId } })).toBe(before);
    const crypto = await call('POST', '/api/v2/transactions/crypto', {
      accountId,
      amount: '1',
      coin: 'ETH',
      network: 'ethereum',
      targetAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    expect(crypto.body).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      funds: { currency: 'ETH', available: '0.00000000', required: '1.00200000' },
    });
    const sell = await call('POST', '/api/v2/transactions/trade', tradeBody(accountId, { side: 'sell' }));
    expect(sell.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', funds: { currency: 'BTC', required: '0.01000000' } });
  });

  it('a buy holds its quote total, and on completion pays it and receives the base', async () => {
    const t = await call('POST', '/api/v2/transactions/trade', tradeBody(accountId, { quantity: '0.01' }));
    expect(t.status).toBe(201);
    expect(t.body.direction).toBe('exchange');
    let b = await balances(accountId);
    expect(b.USD).toMatchObject({ posted: '1000.00', available: '346.75', pendingOutgoing: '653.25' });
    expect(b.BTC).toMatchObject({ posted: '0.00000000', available: '0.00000000', pendingIncoming: '0.01000000' });
    await move(t.body.id, 'processing', 'completed');
    b = await balances(accountId);
    expect(b.USD).toMatchObject({ posted: '346.75', available: '346.75', pendingOutgoing: '0.00' });
    expect(b.BTC).toMatchObject({ posted: '0.01000000', available: '0.01000000', pendingIncoming: '0.00000000' });
    // The account's read carries the same balances.
    const account = await call('GET', `/api/v2/accounts/${accountId}`);
    expect(account.body.balances).toEqual([b.BTC, b.USD]);
    await clean();
  });

  it('the statement: newest first, running balances, currency and date filters', async () => {
    const all = await call('GET', `/api/v2/accounts/${accountId}/entries?currency=usd`);
    expect(all.status).toBe(200);
    // deposit hold+settle, withdrawal hold+release, buy hold+settle (USD side)
    expect(all.body.total).toBe(6);
    expect(all.body.data.map((e: { type: string; balance: { available: string } }) => [e.type, e.balance.available])).toEqual([
      ['settle', '346.75'],
      ['hold', '346.75'],
      ['release', '1000.00'],
      ['hold', '899.75'],
      ['settle', '1000.00'],
      ['hold', '0.00'],
    ]);
    const paged = await call('GET', `/api/v2/accounts/${accountId}/entries?limit=2&page=2`);
    expect(paged.body).toMatchObject({ page: 2, limit: 2, total: 8 });
    expect((await call('GET', `/api/v2/accounts/${accountId}/entries?endDate=2000-01-01`)).body.total).toBe(0);
    const bad = await call('GET', `/api/v2/accounts/${accountId}/entries?startDate=2025-02-30`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('startDate');
  });

  it('a returned withdrawal credits back; a returned deposit already spent is refused', async () => {
    const w = await call('POST', '/api/v2/transactions/bank', bankBody(accountId, { amount: '46.75', instrumentType: 'ach' }));
    await move(w.body.id, 'processing', 'completed');
    expect((await balances(accountId)).USD).toMatchObject({ posted: '299.75', available: '299.75' });
    await move(w.body.id, 'returned');
    expect((await balances(accountId)).USD).toMatchObject({ posted: '346.75', available: '346.75' });

    const d = await call('POST', '/api/v2/simulations/deposits/bank', { accountId, amount: '500.00', coin: 'USD', instrumentType: 'wire' });
    await move(d.body.id, 'processing', 'completed');
    const spend = await call('POST', '/api/v2/transactions/bank', bankBody(accountId, { amount: '800.00', instrumentType: 'ach' }));
    expect(spend.status).toBe(201);
    const back = await call('POST', `/api/v2/simulations/transactions/${d.body.id}/status`, { status: 'returned' });
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', funds: { currency: 'USD', available: '46.50', required: '500.00' } });
    expect((await call('GET', `/api/v2/transactions/${d.body.id}`)).body.status).toBe('completed');
    await clean();
  });
});

describe('tenant isolation of the ledger reads', () => {
  it("another workspace's account or transaction is 404 on REST, null on GraphQL, NOT_FOUND on tRPC", async () => {
    const other = await workspaceFactory(h.deps, 'Other');
    const accountId = await activeAccount(ws.ctx, 'mine@example.com');
    const d = await call('POST', '/api/v2/simulations/deposits/bank', { accountId, amount: '5.00', coin: 'USD', instrumentType: 'wire' });
    for (const path of [
      `/api/v2/accounts/${accountId}/balances`,
      `/api/v2/accounts/${accountId}/entries`,
      `/api/v2/transactions/${d.body.id}/entries`,
    ]) {
      expect((await call('GET', path)).status, path).toBe(200);
      const r = await call('GET', path, undefined, other.apiKey);
      expect(r.status, path).toBe(404);
      expect(r.body.code).toBe('NOT_FOUND');
    }
    const trpc = trpcCaller(h, other.apiKey);
    for (const read of [
      () => trpc.ledger.balances.query({ accountId }),
      () => trpc.ledger.entries.query({ accountId }),
      () => trpc.ledger.transactionEntries.query({ transactionId: d.body.id }),
    ]) {
      await expect(read()).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    }
    const gql = await graphql(
      h,
      other.analystToken,
      `query($a: ID!, $t: ID!) { accountBalances(accountId: $a) { accountId } accountEntries(accountId: $a) { total }
        transactionEntries(transactionId: $t) { transactionId } balanceTotals { currency } account(accountId: $a) { balances { currency } } }`,
      { a: accountId, t: d.body.id },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data).toEqual({ accountBalances: null, accountEntries: null, transactionEntries: null, balanceTotals: [], account: null });
  });
});
