import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_SECRETS, businessSubmission } from '../factories/business-verification.js';
import { sampleFile } from '../factories/holder-files.js';
import { bankBody, fundFor } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, poster, startHarness } from '../support/harness.js';
import { openPage, signForm, uploadFile } from '../support/holder.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

async function businessLink() {
  const ws = await workspaceFactory(h.deps);
  const post = poster(h, ws.apiKey);
  const accountId = (await post('/api/v2/accounts', { type: 'business', email: 'ops@acme.example' })).body.accountId as string;
  const saved = await post('/api/v2/kyc/banking-verification/business', businessSubmission(accountId));
  expect(saved.status).toBe(200);
  const token = String(saved.body.verificationUrl).split('/verify/')[1] as string;
  return { ws, post, accountId, token };
}

const REQUIRED = [
  'certificate_of_incorporation',
  'proof_of_registered_address',
  'ownership_structure',
  'person_1_document_front',
  'person_2_document_front',
  'person_2_document_back',
];

describe("the business representative's page", () => {
  it('asks for the company documents and each person identity document, and names the control person', async () => {
    const { token } = await businessLink();
    const { res, html } = await openPage(h, token);
    expect(res.status).toBe(200);
    expect(html).toContain('<h1>Verify your business</h1>');
    expect(html).toContain('Acme Robotics, Inc.');
    const kinds = [...html.matchAll(/name="kind" value="([^"]+)"/g)].map((m) => m[1]);
    expect(kinds).toEqual(REQUIRED);
    expect(html).toContain('A. L. (Chief Executive Officer): the photo page of the passport');
    expect(html).toMatch(/C\. B\. \(Co-founder\): the back of the driver(&#39;|&#x27;|')s license/);
    expect(html).toMatch(
      /The control person \(A\. L\., Chief Executive Officer\) types their full name to sign on behalf of Acme Robotics, Inc\./,
    );
    for (const secret of BUSINESS_SECRETS) expect(html).not.toContain(secret);
  });

  it('uploads emit kyb_document_uploaded (no KYC event), the control person signs, and the evidence freezes on request', async () => {
    const { post, accountId, token } = await businessLink();
    const { nonce } = await openPage(h, token);
    const refused = await uploadFile(h, token, { nonce, kind: 'selfie', file: sampleFile.jpeg(2_000), json: true });
    expect(refused.status).toBe(400);
    for (const kind of REQUIRED) {
      const up = await uploadFile(h, token, { nonce, kind, file: sampleFile.jpeg(2_000), name: `${kind}.jpg` });
      expect(up.status, up.text).toBe(303);
    }
    const events = await h.deps.db.event.findMany({ where: { accountId }, select: { type: true, details: true }, orderBy: { seq: 'asc' } });
    const kyb = events.filter((e) => e.type === 'kyb_document_uploaded');
    expect(kyb.map((e) => (e.details as { documentType: string }).documentType)).toEqual([
      'certificate_of_incorporation',
      'proof_of_registered_address',
      'ownership_structure',
      'person_identity_document',
      'person_identity_document',
      'person_identity_document',
    ]);
    expect(events.filter((e) => e.type.startsWith('kyc_document'))).toEqual([]);
    // Someone else's name does not sign for the company; the control person's does, in any case.
    const wrong = await signForm(h, token, { nonce: nonce!, acceptTerms: 'on', fullName: 'Charles Babbage' }, true);
    expect(wrong.status).toBe(400);
    expect(wrong.text).toMatch(/control person \(A\. L\., Chief Executive Officer\)/);
    expect(wrong.text).not.toContain('Lovelace');
    const signed = await signForm(h, token, { nonce: nonce!, acceptTerms: 'on', fullName: 'ada  LOVELACE' }, true);
    expect(signed.status, signed.text).toBe(200);
    expect(await h.deps.db.event.count({ where: { accountId, type: 'kyc_verification_signed' } })).toBe(0);
    const request = await post('/api/v2/kyc/banking-verification/request', { accountId });
    expect(request.status).toBe(200);
    expect(request.body.status).toBe('in_review');
    expect(await h.deps.db.event.count({ where: { accountId, type: 'kyb_verification_submitted' } })).toBe(1);
    expect(await h.deps.db.event.count({ where: { accountId, type: 'kyc_verification_submitted' } })).toBe(0);
    const late = await uploadFile(h, token, { nonce, kind: 'certificate_of_incorporation', file: sampleFile.jpeg(2_000), json: true });
    expect(late.status).toBe(409);
    const all = JSON.stringify(await h.deps.db.event.findMany({ where: { accountId }, select: { details: true } }));
    for (const secret of BUSINESS_SECRETS) expect(all).not.toContain(secret);
  });
});

describe('from creation to the first transaction (sandbox shortcut, provider outcome, ledger)', () => {
  it('the KYB simulation acts for the representative; completed makes the account active and it transacts', async () => {
    const { ws, post, accountId } = await businessLink();
    for (let i = 0; i < REQUIRED.length; i++) {
      const r = await post(`/api/v2/simulations/kyb/${accountId}`, { event: 'document_uploaded' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const docs = await h.deps.db.kycDocument.findMany({ where: { accountId, uploadedAt: { not: null } }, select: { kind: true } });
    expect(docs.map((d) => d.kind).sort()).toEqual([...REQUIRED].sort());
    expect((await post(`/api/v2/simulations/kyb/${accountId}`, { event: 'signed' })).status).toBe(200);
    const submitted = await post(`/api/v2/simulations/kyb/${accountId}`, { event: 'submitted' });
    expect(submitted.body.status).toBe('in_review');
    await fundFor(ws.ctx, bankBody(accountId));
    const early = await post('/api/v2/transactions/bank', bankBody(accountId));
    expect(early.status).toBe(409);
    const done = await post(`/api/v2/simulations/kyc/${accountId}/outcome`, { outcome: 'completed' });
    expect(done.body.status).toBe('active');
    const withdrawal = await post('/api/v2/transactions/bank', bankBody(accountId));
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBeLessThan(300);
    expect(withdrawal.body).toMatchObject({ accountId, transactionType: 'bank', status: 'pending' });
    expect(await h.deps.db.event.count({ where: { accountId, type: 'kyb_verification_submitted' } })).toBe(1);
  });
});
