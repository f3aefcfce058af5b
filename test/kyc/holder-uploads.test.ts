import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFile } from '../factories/holder-files.js';
import { submission } from '../factories/verification.js';
import { type Harness, startHarness } from '../support/harness.js';
import { holderLink, openPage, signForm, storedFor, uploadFile } from '../support/holder.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const events = (workspaceId: string) =>
  h.deps.db.event.findMany({
    where: { workspaceId, type: { startsWith: 'kyc_document' } },
    orderBy: { occurredAt: 'asc' },
    select: { type: true },
  });

describe('the holder page', () => {
  it('sets the cross-site headers and lists the files for the document type', async () => {
    const link = await holderLink(h, { documentId: { ...submission('x').documentId, idDocumentType: 'driver_license' } });
    const { res, html, nonce } = await openPage(h, link.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(nonce).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    for (const kind of ['document_front', 'document_back', 'selfie', 'proof_of_address']) expect(html).toContain(`value="${kind}"`);
    expect(html).toContain('capture="environment"');
    expect(html).toContain('capture="user"');
    expect(html).not.toMatch(/<script>|<style>|style="/);
  });

  it('serves its own script and style sheet', async () => {
    for (const [file, type] of [
      ['verify.js', 'text/javascript'],
      ['verify.css', 'text/css'],
    ]) {
      const res = await fetch(`${h.baseUrl}/verify-assets/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
    }
    expect((await fetch(`${h.baseUrl}/verify-assets/other.js`)).status).toBe(404);
  });
});

describe('uploads', () => {
  it('stores each kind encrypted with its SHA-256, replaces on re-upload, emits the events', async () => {
    const link = await holderLink(h);
    const { nonce } = await openPage(h, link.token);
    const front = sampleFile.jpeg(300_000);
    const form = await uploadFile(h, link.token, { nonce, kind: 'document_front', file: front, name: 'passport.txt', type: 'text/plain' });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/verify/${link.token}?done=document_front`);
    const doc = await h.deps.db.kycDocument.findFirstOrThrow({ where: { accountId: link.accountId } });
    // Type by content, not by the declared type or name.
    expect(doc).toMatchObject({ mediaType: 'image/jpeg', fileName: 'passport.txt', sizeBytes: front.length });
    expect(doc.sha256).toBe(createHash('sha256').update(front).digest('hex'));
    // Streamed in 256 KiB chunks, each sealed: no chunk holds the plaintext.
    const chunks = await h.deps.db.kycDocumentChunk.findMany({ where: { documentId: doc.id }, orderBy: { seq: 'asc' } });
    expect(chunks).toHaveLength(2);
    for (const c of chunks) expect(Buffer.from(c.data).includes(front.subarray(100, 164))).toBe(false);

    const replacement = sampleFile.png(1000);
    const again = await uploadFile(h, link.token, { nonce, kind: 'document_front', file: replacement, json: true });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({
      ok: true,
      document: { kind: 'document_front', mediaType: 'image/png', sizeBytes: replacement.length },
      progress: { received: 1, required: 3, signed: false, complete: false },
    });
    expect(await storedFor(h, link.accountId)).toEqual({ documents: 1, chunks: 1 });

    for (const [kind, file] of [
      ['selfie', sampleFile.heic()],
      ['proof_of_address', sampleFile.pdf()],
    ] as const) {
      expect((await uploadFile(h, link.token, { nonce, kind, file })).status).toBe(303);
    }
    expect((await events(link.ws.workspaceId)).map((e) => e.type)).toEqual([
      'kyc_document_upload_received',
      'kyc_document_upload_received',
      'kyc_document_upload_received',
      'kyc_document_upload_received',
      'kyc_document_uploaded',
    ]);
    // A replacement after completion is received, but the set is not "uploaded" twice.
    expect((await uploadFile(h, link.token, { nonce, kind: 'selfie', file: sampleFile.jpeg() })).status).toBe(303);
    const types = (await events(link.ws.workspaceId)).map((e) => e.type);
    expect(types.filter((t) => t === 'kyc_document_uploaded')).toHaveLength(1);
    const page = await openPage(h, link.token);
    expect(page.html).toContain('3 of 4 steps done');
    expect(page.html).toContain('Sign the terms');
  });

  it.each([
    ['a text file named .jpg', () => sampleFile.jpeg().subarray(4), 415, /not a JPEG, PNG, HEIC or PDF/],
    ['an empty file', () => Buffer.alloc(0), 400, /the file is empty/],
  ])('refuses %s on the page, storing nothing', async (_name, file, status, message) => {
    const link = await holderLink(h);
    const { nonce } = await openPage(h, link.token);
    const res = await uploadFile(h, link.token, { nonce, kind: 'document_front', file: file(), name: 'id.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toMatch(message);
    expect(res.text).toContain('role="alert"');
    expect(await storedFor(h, link.accountId)).toEqual({ documents: 0, chunks: 0 });
    expect(await events(link.ws.workspaceId)).toEqual([]);
    const json = await uploadFile(h, link.token, { nonce, kind: 'document_front', file: file(), json: true });
    expect(json.status).toBe(status);
    expect(json.json).toMatchObject({ ok: false, message: expect.stringMatching(message) });
  });

  it('accepts exactly the default 10 MiB limit and refuses one byte more, storing nothing', { timeout: 180_000 }, async () => {
    const link = await holderLink(h);
    const { nonce } = await openPage(h, link.token);
    const over = await uploadFile(h, link.token, { nonce, kind: 'proof_of_address', file: sampleFile.pdf(10 * 1024 * 1024 - 8) });
    expect(over.status).toBe(413);
    expect(over.text).toMatch(/larger than the 10 MB limit/);
    expect(await storedFor(h, link.accountId)).toEqual({ documents: 0, chunks: 0 });
    const file = sampleFile.pdf(10 * 1024 * 1024 - 9);
    expect(file.length).toBe(10 * 1024 * 1024);
    expect((await uploadFile(h, link.token, { nonce, kind: 'proof_of_address', file })).status).toBe(303);
    expect(await storedFor(h, link.accountId)).toEqual({ documents: 1, chunks: 40 });
  });

  it('honours a configured limit, refusing a body far over it before storing anything', async () => {
    const link = await holderLink(h);
    const { nonce } = await openPage(h, link.token);
    h.deps.documentMaxBytes = 1024 * 1024;
    try {
      for (const file of [sampleFile.png(1024 * 1024 - 7), sampleFile.png(3 * 1024 * 1024)]) {
        const res = await uploadFile(h, link.token, { nonce, kind: 'selfie', file, json: true });
        expect(res.status).toBe(413);
        expect(res.json).toEqual({ ok: false, code: 'PAYLOAD_TOO_LARGE', message: 'This file is larger than the 1 MB limit.' });
        expect(await storedFor(h, link.accountId)).toEqual({ documents: 0, chunks: 0 });
      }
      expect((await openPage(h, link.token)).html).toContain('up to 1 MB each');
    } finally {
      h.deps.documentMaxBytes = undefined;
    }
  });

  it('refuses a missing, foreign or forged nonce and an unknown kind', async () => {
    const link = await holderLink(h);
    const other = await holderLink(h);
    const { nonce: otherNonce } = await openPage(h, other.token);
    const { nonce } = await openPage(h, link.token);
    const file = sampleFile.png();
    for (const bad of [undefined, otherNonce, `${nonce?.split('.')[0]}.${'A'.repeat(43)}`, 'zzz']) {
      const res = await uploadFile(h, link.token, { nonce: bad, kind: 'selfie', file });
      expect(res.status).toBe(403);
      expect(res.text).toMatch(/reload the page/);
    }
    const kind = await uploadFile(h, link.token, { nonce, kind: 'document_back', file });
    expect(kind.status).toBe(400);
    expect(kind.text).toMatch(/kind: must be one of document_front, selfie, proof_of_address/);
    expect(await storedFor(h, link.accountId)).toEqual({ documents: 0, chunks: 0 });
  });

  it('refuses expired, replaced, completed and exhausted links', async () => {
    const file = sampleFile.png();
    const expired = await holderLink(h);
    const expiredNonce = (await openPage(h, expired.token)).nonce;
    await h.deps.db.bankingVerification.updateMany({
      where: { accountId: expired.accountId },
      data: { linkExpiresAt: new Date(Date.now() - 1000) },
    });
    const e = await uploadFile(h, expired.token, { nonce: expiredNonce, kind: 'selfie', file });
    expect(e.status).toBe(410);
    expect(e.text).toMatch(/expired/);
    expect((await openPage(h, expired.token)).res.status).toBe(410);

    const replaced = await holderLink(h);
    const replacedNonce = (await openPage(h, replaced.token)).nonce;
    await replaced.call('/api/v2/kyc/banking-verification/individual', submission(replaced.accountId));
    const r = await uploadFile(h, replaced.token, { nonce: replacedNonce, kind: 'selfie', file });
    expect(r.status).toBe(404);
    expect(r.text).toMatch(/replaced by a newer one/);

    const done = await holderLink(h);
    const doneNonce = (await openPage(h, done.token)).nonce;
    await done.call('/api/v2/kyc/banking-verification/request', { accountId: done.accountId });
    await done.call(`/api/v2/simulations/kyc/${done.accountId}/outcome`, { outcome: 'completed' });
    const c = await uploadFile(h, done.token, { nonce: doneNonce, kind: 'selfie', file });
    expect(c.status).toBe(409);
    expect(c.text).toMatch(/already complete/);

    const busy = await holderLink(h);
    const busyNonce = (await openPage(h, busy.token)).nonce;
    await h.deps.db.bankingVerification.updateMany({ where: { accountId: busy.accountId }, data: { linkAttempts: 49 } });
    expect((await uploadFile(h, busy.token, { nonce: busyNonce, kind: 'selfie', file })).status).toBe(303);
    const t = await uploadFile(h, busy.token, { nonce: busyNonce, kind: 'selfie', file });
    expect(t.status).toBe(429);
    expect(t.text).toMatch(/50 attempts/);
    for (const l of [expired, replaced, done]) expect(await storedFor(h, l.accountId)).toEqual({ documents: 0, chunks: 0 });
    expect(await storedFor(h, busy.accountId)).toEqual({ documents: 1, chunks: 1 });
  });

  it('refuses a body that is not a multipart form, and a form without a file', async () => {
    const link = await holderLink(h);
    const { nonce } = await openPage(h, link.token);
    const res = await fetch(`${h.baseUrl}/verify/${link.token}/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ nonce }),
    });
    expect(res.status).toBe(415);
    const form = new FormData();
    form.append('nonce', nonce ?? '');
    form.append('kind', 'selfie');
    const none = await fetch(`${h.baseUrl}/verify/${link.token}/documents`, { method: 'POST', body: form });
    expect(none.status).toBe(400);
    expect(await none.text()).toMatch(/choose a file/);
  });
});

describe('signature', () => {
  it('needs the checkbox and a typed name, signs once, emits kyc_verification_signed', async () => {
    const link = await holderLink(h);
    const { nonce = '' } = await openPage(h, link.token);
    const noBox = await signForm(h, link.token, { nonce, fullName: 'Ada Holder' });
    expect(noBox.status).toBe(400);
    expect(noBox.text).toMatch(/accept the terms/);
    const noName = await signForm(h, link.token, { nonce, acceptTerms: 'on', fullName: ' ' }, true);
    expect(noName.status).toBe(400);
    expect(noName.json.message).toMatch(/fullName/);
    expect((await signForm(h, link.token, { acceptTerms: 'on', fullName: 'Ada Holder' })).status).toBe(403);
    const ok = await signForm(h, link.token, { nonce, acceptTerms: 'on', fullName: 'Ada Holder' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe(`/verify/${link.token}?done=signed`);
    const row = await h.deps.db.bankingVerification.findFirstOrThrow({ where: { accountId: link.accountId } });
    expect(row.signedAt).not.toBeNull();
    expect(row.signatureNameEnc).not.toContain('Ada');
    const twice = await signForm(h, link.token, { nonce, acceptTerms: 'on', fullName: 'Ada Holder' });
    expect(twice.status).toBe(409);
    const signed = await h.deps.db.event.findMany({ where: { workspaceId: link.ws.workspaceId, type: 'kyc_verification_signed' } });
    expect(signed).toHaveLength(1);
    expect(JSON.stringify(signed[0]?.details)).not.toContain('Ada');
    expect((await openPage(h, link.token)).html).toMatch(
      /<span class="badge ok">Signed<\/span> <time class="local-time" datetime="[^"]+">\d{1,2} \w+ \d{4}, \d\d:\d\d UTC<\/time>/,
    );
  });

  it('a new save of the KYC data removes the previous link documents and signature', async () => {
    const link = await holderLink(h);
    const { nonce = '' } = await openPage(h, link.token);
    await uploadFile(h, link.token, { nonce, kind: 'selfie', file: sampleFile.png() });
    await signForm(h, link.token, { nonce, acceptTerms: 'on', fullName: 'Ada Holder' });
    const again = await link.call('/api/v2/kyc/banking-verification/individual', submission(link.accountId));
    expect(again.status).toBe(200);
    expect(await storedFor(h, link.accountId)).toEqual({ documents: 0, chunks: 0 });
    const row = await h.deps.db.bankingVerification.findFirstOrThrow({ where: { accountId: link.accountId } });
    expect(row).toMatchObject({ signedAt: null, signatureNameEnc: null, linkAttempts: 0, documentsCompletedAt: null });
  });
});
