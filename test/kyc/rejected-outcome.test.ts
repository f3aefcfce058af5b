import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessSubmission } from '../factories/business-verification.js';
import { bankBody } from '../factories/transactions.js';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, poster, rawRequest, startHarness } from '../support/harness.js';
import { openPage } from '../support/holder.js';
import { trpcCaller } from '../support/trpc-caller.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

/** A sandbox account (individual or business) with saved data, sent to the provider: in_review. */
async function inReview(type: 'individual' | 'business') {
  const ws = await workspaceFactory(h.deps);
  const post = poster(h, ws.apiKey);
  const { body } = await post('/api/v2/accounts', { type, email: `${type}@example.com` });
  const accountId = body.accountId as string;
  const path = `/api/v2/kyc/banking-verification/${type}`;
  const saved = await post(path, type === 'individual' ? submission(accountId) : businessSubmission(accountId));
  expect(saved.status).toBe(200);
  const token = String(saved.body.verificationUrl).split('/verify/')[1] as string;
  expect((await post('/api/v2/kyc/banking-verification/request', { accountId })).body.status).toBe('in_review');
  return { ws, post, accountId, token };
}

const get = (ws: { apiKey: string }, path: string) => rawRequest(h, 'GET', path, { headers: { authorization: `APIKey ${ws.apiKey}` } });

describe('the provider rejects a holder (sandbox outcome `rejected`)', () => {
  it.each([
    'individual',
    'business',
  ] as const)('%s over REST: account and verification rejected with rejectedAt, events, and nothing more accepted', async (type) => {
    const { ws, post, accountId, token } = await inReview(type);
    const before = await h.deps.db.event.count({ where: { accountId } });
    const res = await post(`/api/v2/simulations/kyc/${accountId}/outcome`, { outcome: 'rejected' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('rejected');

    const read = await get(
      ws,
      type === 'individual' ? `/api/v2/kyc/banking-verification/${accountId}` : `/api/v2/kyc/banking-verification/${accountId}/business`,
    );
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ status: 'rejected', accountStatus: 'rejected', rejectedAt: expect.any(String) });

    const events = await h.deps.db.event.findMany({ where: { accountId }, orderBy: { occurredAt: 'asc' }, skip: before });
    const types = events.map((e) => e.type);
    expect(types).toContain('account_status_updated');
    expect(types).toContain('kyc_status_updated');
    expect(types).not.toContain('kyc_verification_completed');
    expect(types).not.toContain('kyc_needs_update');
    const kyc = events.find((e) => e.type === 'kyc_status_updated');
    expect(kyc?.details).toMatchObject({ status: 'rejected', previousStatus: 'submitted' });

    // Terminal: no new save, no new request, no second outcome, no transaction.
    const resave = await post(
      `/api/v2/kyc/banking-verification/${type}`,
      type === 'individual' ? submission(accountId) : businessSubmission(accountId),
    );
    expect(resave.status).toBe(409);
    expect((await post('/api/v2/kyc/banking-verification/request', { accountId })).status).toBe(409);
    expect((await post(`/api/v2/simulations/kyc/${accountId}/outcome`, { outcome: 'completed' })).status).toBe(409);
    const tx = await post('/api/v2/transactions/bank', bankBody(accountId));
    expect(tx.status).toBe(409);
    expect((await h.deps.db.account.findFirstOrThrow({ where: { id: accountId } })).status).toBe('rejected');

    // The holder's page says the verification is closed, and takes nothing.
    const page = await openPage(h, token);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('Verification closed');
    expect(page.html).not.toContain('<form');
  });

  it('over tRPC alike, and the status counts and filters know `rejected` (tRPC and GraphQL)', async () => {
    const { ws, accountId } = await inReview('individual');
    const trpc = trpcCaller(h, ws.adminToken);
    const done = await trpc.simulations.kycOutcome.mutate({ accountId, outcome: 'rejected' });
    expect(done.status).toBe('rejected');
    expect(await trpc.kyc.verificationLink.query({ accountId })).toMatchObject({ state: 'used', usedBecause: 'verification_rejected' });
    const listed = await trpc.accounts.list.query({ status: 'rejected' });
    expect(listed.data.map((a) => a.accountId)).toEqual([accountId]);

    const q = await graphql(
      h,
      ws.adminToken,
      `{ accounts(status: rejected) { data { accountId status bankingVerification { status rejectedAt } } }
         kycStatusCounts { verification { status count } account { status count } } }`,
    );
    expect(q.errors).toBeUndefined();
    expect(q.data.accounts.data).toEqual([
      { accountId, status: 'rejected', bankingVerification: { status: 'rejected', rejectedAt: expect.any(String) } },
    ]);
    expect(q.data.kycStatusCounts.account).toEqual([{ status: 'rejected', count: 1 }]);
    expect(q.data.kycStatusCounts.verification).toEqual([{ status: 'rejected', count: 1 }]);

    const rest = await get(ws, '/api/v2/accounts?status=rejected');
    expect(rest.body.data.map((a: { accountId: string }) => a.accountId)).toEqual([accountId]);
  });

  it("another workspace cannot reject someone else's account; analysts cannot either", async () => {
    const { ws, accountId } = await inReview('individual');
    const other = await workspaceFactory(h.deps);
    const foreign = await poster(h, other.apiKey)(`/api/v2/simulations/kyc/${accountId}/outcome`, { outcome: 'rejected' });
    expect(foreign.status).toBe(404);
    const analyst = await trpcCaller(h, ws.analystToken)
      .simulations.kycOutcome.mutate({ accountId, outcome: 'rejected' })
      .catch((e) => e);
    expect(analyst.data).toMatchObject({ code: 'FORBIDDEN' });
    expect((await h.deps.db.account.findFirstOrThrow({ where: { id: accountId } })).status).toBe('in_review');
  });
});
