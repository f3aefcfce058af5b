import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegHead, pngDeclaring, pngHead, sampleFile } from '../factories/holder-files.js';
import { realJpeg, realPng } from '../factories/images.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';
import { holderLink, openPage, storedFor, uploadFile } from '../support/holder.js';

// Every accepted image, a logo or a holder's document, must be a real image of its type whose
// width x height stays within bounds (src/core/images/image-check.ts): refused with a 400 that says
// why, and nothing stored.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

describe('holder documents', () => {
  it.each([
    [
      'a PNG header declaring 16000 x 16000',
      Buffer.concat([pngHead(16000, 16000), Buffer.alloc(30_000)]),
      'This image is 16000 x 16000 pixels',
    ],
    ['PNG magic and garbage', Buffer.concat([pngHead().subarray(0, 8), Buffer.alloc(5000, 0x41)]), 'not a valid PNG image'],
    [
      'a valid PNG header and garbage',
      Buffer.concat([pngHead(), Buffer.alloc(200_000, 0x07)]),
      'not a valid PNG image: a chunk has an invalid type',
    ],
    ['a PNG cut before IEND', realPng(64, 40).subarray(0, 80), 'not a valid PNG image: the file ends before IEND'],
    ['a JPEG cut before its frame header', realJpeg().subarray(0, 120), 'not a valid JPEG image: the file ends inside its header'],
    ['a JPEG declaring 12000 x 9000', Buffer.concat([jpegHead(12000, 9000), Buffer.alloc(1000)]), 'This image is 12000 x 9000 pixels'],
  ])('refuses %s with a 400 saying why, storing nothing', async (_name, file, message) => {
    const link = await holderLink(h);
    const { nonce } = await openPage(h, link.token);
    const res = await uploadFile(h, link.token, { nonce, kind: 'document_front', file, json: true });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(res.json.message).toContain(message);
    expect(await storedFor(h, link.accountId)).toEqual({ documents: 0, chunks: 0 });
  });

  it('takes a real small PNG and JPEG, a phone-sized header, and a PDF as before', async () => {
    const link = await holderLink(h);
    const { nonce } = await openPage(h, link.token);
    const send = (kind: string, file: Buffer) => uploadFile(h, link.token, { nonce, kind, file, json: true });
    expect((await send('document_front', realPng(64, 40))).status).toBe(200);
    expect((await send('selfie', realJpeg())).status).toBe(200);
    expect((await send('document_front', Buffer.concat([jpegHead(8064, 6048), Buffer.alloc(2000)]))).status).toBe(200);
    expect((await send('proof_of_address', sampleFile.pdf())).status).toBe(200);
  });
});

describe('workspace logo', () => {
  it('refuses a small PNG declaring 16000 x 16000 and PNG magic with garbage; a real JPEG is taken', async () => {
    const ws = await workspaceFactory(h.deps, 'Logo checks');
    const put = (body: Buffer) =>
      rawRequest(h, 'PUT', '/api/v2/workspace/logo', {
        headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'image/png' },
        body,
      });
    const bomb = await put(pngDeclaring(16000, 16000));
    expect(bomb.status).toBe(400);
    expect(bomb.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'body', message: expect.stringMatching(/^is 16000 x 16000 pixels/) }],
    });
    const garbage = await put(Buffer.concat([pngHead().subarray(0, 8), Buffer.alloc(500, 0x41)]));
    expect(garbage.status).toBe(400);
    expect(garbage.body.errors[0].message).toMatch(/^is not a valid PNG image/);
    expect((await rawRequest(h, 'GET', '/api/v2/workspace', { headers: { authorization: `APIKey ${ws.apiKey}` } })).body.logo).toBeNull();
    const jpeg = await put(realJpeg());
    expect(jpeg.status).toBe(200);
    expect(jpeg.body.logo).toMatchObject({ mediaType: 'image/jpeg', size: realJpeg().length });
  });
});
