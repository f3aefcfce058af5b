import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFile } from '../factories/holder-files.js';
import { submission } from '../factories/verification.js';
import { type Harness, startHarness } from '../support/harness.js';
import { holderLink, openPage, signForm, uploadFile } from '../support/holder.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const documentIds = async (accountId: string) =>
  (await h.deps.db.kycDocument.findMany({ where: { accountId }, select: { id: true, kind: true }, orderBy: { kind: 'asc' } })).map(
    (d) => `${d.kind}:${d.id}`,
  );

describe('evidence is frozen once review starts', () => {
  it('in review: uploads and signing are refused with 409 INVALID_STATE, nothing changes, the page shows no forms', async () => {
    const link = await holderLink(h);
    const { nonce } = await openPage(h, link.token);
    expect((await uploadFile(h, link.token, { nonce, kind: 'selfie', file: sampleFile.jpeg(800), json: true })).status).toBe(200);
    const requested = await link.call('/api/v2/kyc/banking-verification/request', { accountId: link.accountId });
    expect(requested.status).toBe(200);
    expect(requested.body.status).toBe('in_review');
    const before = await documentIds(link.accountId);

    for (const kind of ['selfie', 'document_front']) {
      const again = await uploadFile(h, link.token, { nonce, kind, file: sampleFile.png(900), json: true });
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({ ok: false, code: 'INVALID_STATE', message: expect.stringMatching(/under review/) });
    }
    const form = await uploadFile(h, link.token, { nonce, kind: 'selfie', file: sampleFile.png(900) });
    expect(form.text).toMatch(/under review/);
    const sign = await signForm(h, link.token, { nonce: nonce ?? '', fullName: 'Ada Lovelace', acceptTerms: 'on' }, true);
    expect(sign.status).toBe(409);
    expect(sign.json).toMatchObject({ ok: false, code: 'INVALID_STATE' });
    expect(await documentIds(link.accountId)).toEqual(before);
    const verification = await h.deps.db.bankingVerification.findFirst({
      where: { accountId: link.accountId },
      select: { signedAt: true },
    });
    expect(verification?.signedAt).toBeNull();
    const page = await openPage(h, link.token);
    expect(page.html).not.toContain('name="file"');
    expect(page.html).not.toContain('name="fullName"');
  });

  it('after signing: a received document cannot be replaced nor the terms re-signed; a new save of the data starts over', async () => {
    const link = await holderLink(h);
    const { nonce } = await openPage(h, link.token);
    expect((await uploadFile(h, link.token, { nonce, kind: 'document_front', file: sampleFile.jpeg(800), json: true })).status).toBe(200);
    const signed = await signForm(h, link.token, { nonce: nonce ?? '', fullName: 'Ada Lovelace', acceptTerms: 'on' }, true);
    expect(signed.status).toBe(200);
    const before = await documentIds(link.accountId);

    const replace = await uploadFile(h, link.token, { nonce, kind: 'document_front', file: sampleFile.png(700), json: true });
    expect(replace.status).toBe(409);
    expect(replace.json).toMatchObject({ ok: false, code: 'INVALID_STATE', message: expect.stringMatching(/signed/) });
    expect(await documentIds(link.accountId)).toEqual(before);
    const resign = await signForm(h, link.token, { nonce: nonce ?? '', fullName: 'Someone Else', acceptTerms: 'on' }, true);
    expect(resign.status).toBe(409);
    // A document still missing may be sent: the signature vouches for nothing about it yet.
    expect((await uploadFile(h, link.token, { nonce, kind: 'selfie', file: sampleFile.jpeg(600), json: true })).status).toBe(200);

    // Saving the KYC data again issues a new link, on which everything may change again.
    const saved = await link.call('/api/v2/kyc/banking-verification/individual', submission(link.accountId));
    expect(saved.status).toBe(200);
    const token = String(saved.body.verificationUrl).split('/verify/')[1] as string;
    const fresh = await openPage(h, token);
    const again = await uploadFile(h, token, { nonce: fresh.nonce, kind: 'document_front', file: sampleFile.png(700), json: true });
    expect(again.status).toBe(200);
    expect((await signForm(h, token, { nonce: fresh.nonce ?? '', fullName: 'Ada Lovelace', acceptTerms: 'on' }, true)).status).toBe(200);
  });
});
