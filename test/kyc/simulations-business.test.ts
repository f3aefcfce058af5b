import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, poster, startHarness } from '../support/harness.js';
import { trpcCaller } from '../support/trpc-caller.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

/** A sandbox business account that KYB moved to in_review: the state in which a KYC outcome used to complete it. */
async function businessInReview() {
  const ws = await workspaceFactory(h.deps);
  const post = poster(h, ws.apiKey);
  const { body } = await post('/api/v2/accounts', { type: 'business', email: 'ops@acme.example' });
  const accountId = body.accountId as string;
  expect((await post(`/api/v2/simulations/kyb/${accountId}`, { event: 'submitted' })).body.status).toBe('in_review');
  return { ws, post, accountId };
}

const kycEvents = (accountId: string) => h.deps.db.event.count({ where: { accountId, type: { startsWith: 'kyc_' } } });

describe('KYC holder simulations refuse business accounts (their representative acts through KYB)', () => {
  it.each([
    ['holder-action', { action: 'document_upload_received' }],
    ['holder-action', { action: 'documents_uploaded' }],
    ['holder-action', { action: 'terms_signed' }],
  ])('REST %s %o: 409 INVALID_STATE, nothing changed, no KYC event', async (kind, body) => {
    const { post, accountId } = await businessInReview();
    const events = await h.deps.db.event.count({ where: { accountId } });
    const res = await post(`/api/v2/simulations/kyc/${accountId}/${kind}`, body);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'INVALID_STATE',
      detail: expect.stringMatching(/individual accounts; this is a business account/),
    });
    expect((await h.deps.db.account.findFirstOrThrow({ where: { id: accountId } })).status).toBe('in_review');
    expect(await h.deps.db.event.count({ where: { accountId } })).toBe(events);
    expect(await kycEvents(accountId)).toBe(0);
  });

  it('tRPC refuses them alike (GraphQL serves no simulation)', async () => {
    const { ws, accountId } = await businessInReview();
    const trpc = trpcCaller(h, ws.adminToken);
    const holder = await trpc.simulations.kycHolderAction.mutate({ accountId, action: 'terms_signed' }).catch((e) => e);
    expect(holder.data).toMatchObject({ code: 'INVALID_STATE', httpStatus: 409 });
    expect(await kycEvents(accountId)).toBe(0);
  });
});

describe("the provider's outcome decides business accounts too (KYB review), without KYC events", () => {
  it.each([
    ['completed', 'active'],
    ['needs_update', 'needs_update'],
  ] as const)('%s -> account %s, account_status_updated, no kyc_verification_completed or kyc_needs_update', async (outcome, status) => {
    const { post, accountId } = await businessInReview();
    const res = await post(`/api/v2/simulations/kyc/${accountId}/outcome`, { outcome });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(status);
    const types = (await h.deps.db.event.findMany({ where: { accountId }, select: { type: true } })).map((e) => e.type);
    expect(types).toContain('account_status_updated');
    expect(types).not.toContain('kyc_verification_completed');
    expect(types).not.toContain('kyc_needs_update');
  });

  it('over tRPC alike', async () => {
    const { ws, accountId } = await businessInReview();
    const done = await trpcCaller(h, ws.adminToken).simulations.kycOutcome.mutate({ accountId, outcome: 'completed' });
    expect(done.status).toBe('active');
  });

  it("another workspace's business account is still 404, an individual in review still completes", async () => {
    const { accountId } = await businessInReview();
    const other = await workspaceFactory(h.deps);
    const foreign = await poster(h, other.apiKey)(`/api/v2/simulations/kyc/${accountId}/outcome`, { outcome: 'completed' });
    expect(foreign.status).toBe(404);
    const person = await poster(h, other.apiKey)('/api/v2/accounts', { type: 'individual', email: 'p@example.com' });
    await h.deps.db.account.updateMany({ where: { id: person.body.accountId }, data: { status: 'in_review' } });
    const done = await poster(h, other.apiKey)(`/api/v2/simulations/kyc/${person.body.accountId}/outcome`, { outcome: 'completed' });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('active');
  });
});
