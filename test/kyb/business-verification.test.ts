import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_SECRETS, businessSubmission } from '../factories/business-verification.js';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, poster, rawRequest, startHarness, trpcClient } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const SUBMIT = '/api/v2/kyc/banking-verification/business';
const read = (key: string, accountId: string, suffix = '/business') =>
  rawRequest(h, 'GET', `/api/v2/kyc/banking-verification/${accountId}${suffix}`, { headers: { authorization: `APIKey ${key}` } });

async function setup(type: 'individual' | 'business' = 'business') {
  const ws = await workspaceFactory(h.deps);
  const post = poster(h, ws.apiKey);
  const { body } = await post('/api/v2/accounts', { type, email: 'ops@acme.example' });
  return { ws, post, accountId: body.accountId as string };
}

/** Every text the database holds for the account's verification, the sealed columns included. */
async function storedText(accountId: string): Promise<string> {
  const rows = await h.deps.db.$queryRaw<{ t: string }[]>`
    SELECT (SELECT row_to_json(v)::text FROM banking_verifications v WHERE v.account_id = ${accountId}::uuid)
      || (SELECT row_to_json(b)::text FROM business_verifications b WHERE b.account_id = ${accountId}::uuid)
      || (SELECT json_agg(p)::text FROM business_people p WHERE p.account_id = ${accountId}::uuid) AS t`;
  return rows[0]!.t;
}

describe('submitBusinessVerification', () => {
  it('saves the company and its people, answers the link, and reads back masked', async () => {
    const { ws, post, accountId } = await setup();
    const res = await post(SUBMIT, businessSubmission(accountId));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accountId, verificationUrl: expect.stringMatching(/^http:\/\/fas\.test\/verify\/[A-Za-z0-9_-]{43}$/) });
    const got = await read(ws.apiKey, accountId);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      accountId,
      status: 'saved',
      accountStatus: 'pending',
      company: { legalName: 'Acme Robotics, Inc.', taxIdLast4: '6789', stateOfIncorporation: 'DE', phoneMasked: '+*******0100' },
      people: [
        { position: 1, nameInitials: 'A. L.', roles: ['ownership', 'control'], ownershipPercent: 60, phoneMasked: '+*******0123' },
        { position: 2, nameInitials: 'C. B.', roles: ['ownership'], ownershipPercent: 30.5, document: { idNumberLast4: '4567' } },
      ],
      submittedAt: null,
    });
    expect(got.body.people[1].address).toEqual({ city: 'San Francisco', country: 'US' });
    const text = JSON.stringify(got.body);
    for (const secret of BUSINESS_SECRETS) expect(text).not.toContain(secret);
    // Sealed at rest: none of the values is stored in clear.
    const stored = await storedText(accountId);
    for (const secret of BUSINESS_SECRETS) expect(stored).not.toContain(secret);
    // No event carries them either.
    const events = await h.deps.db.event.findMany({ where: { accountId }, select: { type: true, details: true } });
    expect(events.map((e) => e.type)).toContain('kyc_status_updated');
    for (const secret of BUSINESS_SECRETS) expect(JSON.stringify(events)).not.toContain(secret);
    expect((await h.deps.db.account.findFirstOrThrow({ where: { id: accountId } })).status).toBe('pending');
  });

  it('saving again overwrites company and people and rotates the link', async () => {
    const { ws, post, accountId } = await setup();
    const first = await post(SUBMIT, businessSubmission(accountId));
    const one = businessSubmission(accountId);
    const second = await post(SUBMIT, { ...one, people: [one.people[0]] });
    expect(second.status).toBe(200);
    expect(second.body.verificationUrl).not.toBe(first.body.verificationUrl);
    expect((await read(ws.apiKey, accountId)).body.people).toHaveLength(1);
    expect((await rawRequest(h, 'GET', new URL(first.body.verificationUrl).pathname)).status).toBe(404);
    expect((await rawRequest(h, 'GET', new URL(second.body.verificationUrl).pathname)).status).toBe(200);
  });

  it.each([
    ['in_review', 409],
    ['active', 409],
    ['needs_update', 200],
  ] as const)('account %s -> %i', async (status, expected) => {
    const { post, accountId } = await setup();
    await h.deps.db.account.updateMany({ where: { id: accountId }, data: { status } });
    const res = await post(SUBMIT, businessSubmission(accountId));
    expect(res.status).toBe(expected);
    if (expected === 409) expect(res.body.code).toBe('INVALID_STATE');
  });

  it('an individual account is 409 here, a business is 409 on the individual operation and read', async () => {
    const person = await setup('individual');
    const wrong = await person.post(SUBMIT, businessSubmission(person.accountId));
    expect(wrong.status).toBe(409);
    expect(wrong.body.detail).toMatch(/individual account.*\/individual/);
    await person.post('/api/v2/kyc/banking-verification/individual', submission(person.accountId));
    expect((await read(person.ws.apiKey, person.accountId)).status).toBe(409);
    const biz = await setup();
    expect((await biz.post('/api/v2/kyc/banking-verification/individual', submission(biz.accountId))).status).toBe(409);
    await biz.post(SUBMIT, businessSubmission(biz.accountId));
    const individualRead = await read(biz.ws.apiKey, biz.accountId, '');
    expect(individualRead.status).toBe(409);
    expect(individualRead.body.detail).toMatch(/\/business/);
  });
});

describe('tenant isolation on the business routes', () => {
  it("another workspace's business account is 404 to submit and to read, over REST, tRPC and GraphQL", async () => {
    const owner = await setup();
    await owner.post(SUBMIT, businessSubmission(owner.accountId));
    const other = await workspaceFactory(h.deps);
    const submitted = await poster(h, other.apiKey)(SUBMIT, businessSubmission(owner.accountId));
    expect(submitted.status).toBe(404);
    expect((await read(other.apiKey, owner.accountId)).status).toBe(404);
    const trpc = trpcClient(h, other.apiKey);
    const viaTrpc = await trpc.kyc.getBusinessVerification.query({ accountId: owner.accountId }).catch((e) => e);
    expect(viaTrpc.data).toMatchObject({ code: 'NOT_FOUND' });
    const write = await trpc.kyc.submitBusinessVerification.mutate(businessSubmission(owner.accountId) as never).catch((e) => e);
    expect(write.data).toMatchObject({ code: 'NOT_FOUND' });
    const gql = await graphql(h, other.apiKey, `query($id: ID!) { account(accountId: $id) { businessVerification { accountId } } }`, {
      id: owner.accountId,
    });
    expect(gql.data?.account ?? null).toBeNull();
    // The owner's data is untouched.
    expect((await read(owner.ws.apiKey, owner.accountId)).body.people).toHaveLength(2);
  });
});

describe('the same answers over tRPC and GraphQL', () => {
  it('tRPC saves and reads; GraphQL reads the same masked record', async () => {
    const { ws, accountId } = await setup();
    const trpc = trpcClient(h, ws.apiKey);
    const saved = await trpc.kyc.submitBusinessVerification.mutate(businessSubmission(accountId) as never);
    expect(saved.accountId).toBe(accountId);
    const viaTrpc = await trpc.kyc.getBusinessVerification.query({ accountId });
    const viaRest = (await read(ws.apiKey, accountId)).body;
    expect(viaTrpc).toEqual(viaRest);
    const gql = await graphql(
      h,
      ws.apiKey,
      `query($id: ID!) { account(accountId: $id) { bankingVerification { accountId } businessVerification {
        company { legalName taxIdLast4 } people { nameInitials roles ownershipPercent } } } }`,
      { id: accountId },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.account.bankingVerification).toBeNull();
    expect(gql.data.account.businessVerification).toEqual({
      company: { legalName: 'Acme Robotics, Inc.', taxIdLast4: '6789' },
      people: [
        { nameInitials: 'A. L.', roles: ['ownership', 'control'], ownershipPercent: 60 },
        { nameInitials: 'C. B.', roles: ['ownership'], ownershipPercent: 30.5 },
      ],
    });
    const bad = await trpc.kyc.submitBusinessVerification.mutate({ accountId, company: {}, people: [] } as never).catch((e) => e);
    expect(bad.data).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
