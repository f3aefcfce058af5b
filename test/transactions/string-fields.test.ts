import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankBody, cryptoBody, fundedAccount, tradeBody } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, poster, rawRequest, startHarness, trpcClient } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const strings = (t: any) => {
  expect(typeof t.reference).toBe('string');
  expect(typeof t.statusReason).toBe('string');
  for (const e of t.statusHistory) expect(typeof e.statusReason).toBe('string');
};

describe('Transaction (openapi.yaml): reference and statusReason are always strings', () => {
  it('without a client reference or a reason: "" on REST, tRPC, GraphQL, lists, details, history and webhook payloads', async () => {
    const ws = await workspaceFactory(h.deps);
    const accountId = await fundedAccount(ws.ctx, `strings-${Date.now()}@example.com`);
    const post = poster(h, ws.apiKey);
    const trpc = trpcClient(h, ws.adminToken);
    const bank = (await post('/api/v2/transactions/bank', bankBody(accountId))).body;
    const crypto = await trpc.transactions.createCrypto.mutate(cryptoBody(accountId) as any);
    const trade = (await post('/api/v2/transactions/trade', tradeBody(accountId))).body;
    for (const t of [bank, crypto, trade]) expect(t).toMatchObject({ reference: '', statusReason: 'created' });
    // Status changes without a reason, on REST (simulation) and tRPC.
    const restChanged = await post(`/api/v2/simulations/transactions/${bank.id}/status`, { status: 'processing' });
    expect(restChanged.body).toMatchObject({ status: 'processing', statusReason: '' });
    expect(restChanged.body.statusHistory[0]).toMatchObject({ status: 'processing', statusReason: '' });
    const trpcChanged = await trpc.transactions.updateStatus.mutate({ transactionId: crypto.id, status: 'processing' });
    expect(trpcChanged).toMatchObject({ statusReason: '', reference: '' });
    expect(trpcChanged.statusHistory.map((e: any) => e.statusReason)).toEqual(['', 'created']);
    // A reason given is kept.
    const withReason = await post(`/api/v2/simulations/transactions/${trade.id}/status`, {
      status: 'canceled',
      statusReason: 'by the client',
    });
    expect(withReason.body.statusReason).toBe('by the client');

    const auth = { headers: { authorization: `APIKey ${ws.apiKey}` } };
    const detail = await rawRequest(h, 'GET', `/api/v2/transactions/${bank.id}`, auth);
    const list = await rawRequest(h, 'GET', '/api/v2/transactions', auth);
    expect(detail.body).toMatchObject({ reference: '', statusReason: '' });
    expect(list.body.data).toHaveLength(3);
    for (const t of [detail.body, ...list.body.data]) strings(t);
    const trpcList = await trpc.transactions.list.query({});
    for (const t of trpcList.data) strings(t);
    expect(await trpc.transactions.get.query({ transactionId: bank.id })).toEqual(detail.body);

    const gql = await graphql(
      h,
      ws.analystToken,
      `query($id: ID!) { transaction(id: $id) { reference statusReason statusHistory { statusReason } }
        transactions { data { id reference statusReason statusHistory { statusReason } } } }`,
      { id: bank.id },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.transaction).toEqual({
      reference: '',
      statusReason: '',
      statusHistory: [{ statusReason: '' }, { statusReason: 'created' }],
    });
    for (const t of gql.data.transactions.data) strings(t);

    // Webhook payloads carry the same transaction.
    const events = await h.deps.db.event.findMany({ where: { workspaceId: ws.workspaceId, type: { contains: 'transaction' } } });
    expect(events.length).toBeGreaterThanOrEqual(6);
    for (const e of events) strings((e.details as any).transaction);
  });

  it('GraphQL declares both fields non-null, in Transaction and StatusHistoryEntry', () => {
    const sdl = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    const block = (name: string) => sdl.slice(sdl.indexOf(`type ${name} {`), sdl.indexOf('}', sdl.indexOf(`type ${name} {`)));
    expect(block('Transaction')).toMatch(/reference: String!/);
    expect(block('Transaction')).toMatch(/statusReason: String!/);
    expect(block('StatusHistoryEntry')).toMatch(/statusReason: String!/);
  });
});
