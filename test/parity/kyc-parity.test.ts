import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, rawRequest, restClient, startHarness, trpcClient } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const VERIFICATION_FIELDS = `accountId status accountStatus canRequestVerification phoneMasked submittedAt rejectedAt savedAt linkExpiresAt
  document { idDocumentType idNumberLast4 idIssueDate idExpiryDate idCountryOfIssue nationality }
  address { address1 address2 city state postalCode country }`;

async function account(key: string) {
  const { data } = await restClient(h, key).POST('/api/v2/accounts', { body: { type: 'individual', email: 'p@example.com' } });
  return data!.accountId;
}

const restPost = (key: string, path: string, body: unknown) =>
  rawRequest(h, 'POST', path, {
    headers: { authorization: `APIKey ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('banking verification: REST, tRPC and GraphQL agree', () => {
  it('submit and request through REST and tRPC give the same results and errors', async () => {
    const ws = await workspaceFactory(h.deps);
    const trpc = trpcClient(h, ws.adminToken);
    const viaRest = await account(ws.apiKey);
    const viaTrpc = await account(ws.apiKey);
    const restSaved = await restPost(ws.apiKey, '/api/v2/kyc/banking-verification/individual', submission(viaRest));
    const trpcSaved = await trpc.kyc.submitBankingVerification.mutate(submission(viaTrpc) as any);
    expect(Object.keys(trpcSaved).sort()).toEqual(Object.keys(restSaved.body).sort());
    expect(trpcSaved.accountId).toBe(viaTrpc);

    const bad = { ...submission(viaTrpc), phone: '4155550123' };
    const restBad = await restPost(ws.apiKey, '/api/v2/kyc/banking-verification/individual', bad);
    const trpcBad = await trpc.kyc.submitBankingVerification.mutate(bad as any).catch((e) => e);
    expect(trpcBad.data).toMatchObject({ code: restBad.body.code, errors: restBad.body.errors });

    const restRequested = await restPost(ws.apiKey, '/api/v2/kyc/banking-verification/request', { accountId: viaRest });
    const trpcRequested = await trpc.kyc.requestBankingVerification.mutate({ accountId: viaTrpc });
    expect(trpcRequested.status).toBe(restRequested.body.status);
    const trpcTwice = await trpc.kyc.requestBankingVerification.mutate({ accountId: viaTrpc }).catch((e) => e);
    const restTwice = await restPost(ws.apiKey, '/api/v2/kyc/banking-verification/request', { accountId: viaRest });
    expect(trpcTwice.data.code).toBe(restTwice.body.code);
    expect(restTwice.body.code).toBe('INVALID_STATE');
  });

  it('reads are the same masked record in all three', async () => {
    const ws = await workspaceFactory(h.deps);
    const accountId = await account(ws.apiKey);
    await restPost(ws.apiKey, '/api/v2/kyc/banking-verification/individual', submission(accountId));
    const rest = await restClient(h, ws.apiKey).GET('/api/v2/kyc/banking-verification/{accountId}', { params: { path: { accountId } } });
    const trpc = await trpcClient(h, ws.apiKey).kyc.getBankingVerification.query({ accountId });
    const gql = await graphql(
      h,
      ws.analystToken,
      `query($id: ID!) { account(accountId: $id) { bankingVerification { ${VERIFICATION_FIELDS} } } }`,
      {
        id: accountId,
      },
    );
    expect(trpc).toEqual(rest.data);
    expect(gql.data.account.bankingVerification).toEqual(rest.data);
    expect(rest.data!.document.idNumberLast4).toBe('5678');
  });

  it('analysts cannot submit (tRPC FORBIDDEN); GraphQL offers no mutation for it', async () => {
    const ws = await workspaceFactory(h.deps);
    const accountId = await account(ws.apiKey);
    const err = await trpcClient(h, ws.analystToken)
      .kyc.submitBankingVerification.mutate(submission(accountId) as any)
      .catch((e) => e);
    expect(err.data.code).toBe('FORBIDDEN');
  });

  it('GraphQL: status counts, and verifications of many accounts without N+1', async () => {
    const ws = await workspaceFactory(h.deps);
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await account(ws.apiKey));
    for (const id of ids.slice(0, 4)) await restPost(ws.apiKey, '/api/v2/kyc/banking-verification/individual', submission(id));
    await restPost(ws.apiKey, '/api/v2/kyc/banking-verification/request', { accountId: ids[0] });
    const counts = await graphql(h, ws.analystToken, '{ kycStatusCounts { verification { status count } account { status count } } }');
    expect(counts.data.kycStatusCounts).toEqual({
      verification: [
        { status: 'none', count: 2 },
        { status: 'saved', count: 3 },
        { status: 'submitted', count: 1 },
      ],
      account: [
        { status: 'pending', count: 5 },
        { status: 'in_review', count: 1 },
      ].sort((a, b) => (a.status < b.status ? -1 : 1)),
    });
    const before = h.queryCount();
    const list = await graphql(
      h,
      ws.analystToken,
      '{ accounts(limit: 100) { total data { accountId bankingVerification { status phoneMasked } } } }',
    );
    const used = h.queryCount() - before;
    expect(list.data.accounts.data.filter((a: any) => a.bankingVerification).length).toBe(4);
    // authentication, page, count, one batched verification query: never one per account.
    expect(used).toBeLessThanOrEqual(4);
  });
});

describe('tenant isolation', () => {
  it("another workspace sees none of A's verification in any protocol", async () => {
    const a = await workspaceFactory(h.deps);
    const b = await workspaceFactory(h.deps);
    const accountId = await account(a.apiKey);
    await restPost(a.apiKey, '/api/v2/kyc/banking-verification/individual', submission(accountId));
    const rest = await restClient(h, b.apiKey).GET('/api/v2/kyc/banking-verification/{accountId}', { params: { path: { accountId } } });
    expect(rest.response.status).toBe(404);
    const trpc = await trpcClient(h, b.apiKey)
      .kyc.getBankingVerification.query({ accountId })
      .catch((e) => e);
    expect(trpc.data.code).toBe('NOT_FOUND');
    const gql = await graphql(h, b.apiKey, 'query($id: ID!) { account(accountId: $id) { bankingVerification { status } } }', {
      id: accountId,
    });
    expect(gql.data.account).toBeNull();
    const counts = await graphql(h, b.apiKey, '{ kycStatusCounts { verification { status count } } }');
    expect(counts.data.kycStatusCounts.verification).toEqual([]);
    const submitForeign = await trpcClient(h, b.adminToken)
      .kyc.submitBankingVerification.mutate(submission(accountId) as any)
      .catch((e) => e);
    expect(submitForeign.data.code).toBe('NOT_FOUND');
    const requestForeign = await restPost(b.apiKey, '/api/v2/kyc/banking-verification/request', { accountId });
    expect(requestForeign.status).toBe(404);
  });
});

describe('request after needs_update: REST, tRPC and GraphQL agree', () => {
  it('a new request without saving again moves the account to in_review; a second one is 409 on REST and tRPC', async () => {
    const ws = await workspaceFactory(h.deps);
    const trpc = trpcClient(h, ws.adminToken);
    const REQUEST = '/api/v2/kyc/banking-verification/request';
    const ids = { rest: await account(ws.apiKey), trpc: await account(ws.apiKey) };
    for (const accountId of Object.values(ids)) {
      await restPost(ws.apiKey, '/api/v2/kyc/banking-verification/individual', submission(accountId));
      await restPost(ws.apiKey, REQUEST, { accountId });
      const outcome = await restPost(ws.apiKey, `/api/v2/simulations/kyc/${accountId}/outcome`, { outcome: 'needs_update' });
      expect(outcome.body.status).toBe('needs_update');
    }
    const viaRest = await restPost(ws.apiKey, REQUEST, { accountId: ids.rest });
    const viaTrpc = await trpc.kyc.requestBankingVerification.mutate({ accountId: ids.trpc });
    expect(viaRest.body.status).toBe('in_review');
    expect(viaTrpc.status).toBe('in_review');
    const restTwice = await restPost(ws.apiKey, REQUEST, { accountId: ids.rest });
    const trpcTwice = await trpc.kyc.requestBankingVerification.mutate({ accountId: ids.trpc }).catch((e) => e);
    expect(restTwice.status).toBe(409);
    expect(trpcTwice.data.code).toBe(restTwice.body.code);
    // GraphQL has no mutation for it; analysts see the same resulting state.
    for (const accountId of Object.values(ids)) {
      const r = await graphql(h, ws.analystToken, 'query($id: ID!) { account(accountId: $id) { status bankingVerification { status } } }', {
        id: accountId,
      });
      expect(r.data.account).toEqual({ status: 'in_review', bankingVerification: { status: 'submitted' } });
    }
  });
});
