import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanFileName } from '../../src/core/kyc/documents/document-admission.js';
import { downloadFileName } from '../../src/core/kyc/documents/media-type.js';
import { jpegHead, sampleFile } from '../factories/holder-files.js';
import { type Harness, startHarness } from '../support/harness.js';
import { holderLink, openPage, uploadFile } from '../support/holder.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const RLO = '\u202e';

describe('download names', () => {
  it.each([
    ['poly.html', 'image/jpeg', 'poly.jpg'],
    ['front.jpeg', 'image/jpeg', 'front.jpeg'],
    ['PHOTO.JPG', 'image/jpeg', 'PHOTO.JPG'],
    ['scan', 'application/pdf', 'scan.pdf'],
    ['bill.pdf.exe', 'application/pdf', 'bill.pdf.pdf'],
    ['.htaccess', 'image/png', '.htaccess.png'],
    [`${RLO}gnp.exe.png`, 'image/png', 'gnp.exe.png'],
    ['me.heif', 'image/heic', 'me.heif'],
  ])('%s as %s downloads as %s', (name, type, expected) => {
    expect(downloadFileName(name, type)).toBe(expected);
  });

  it('stored names lose bidi and other format characters (Unicode Cf)', () => {
    expect(cleanFileName(`${RLO}gnp.exe.png`)).toBe('gnp.exe.png');
    expect(cleanFileName('in\u200bvoice\u2066.pdf\u2069')).toBe('invoice.pdf');
    expect(cleanFileName('\u202e\u200d')).toBe('upload');
  });

  it('a JPEG/HTML polyglot sent as poly.html downloads as poly.jpg with image/jpeg; an RTL name is stored without its override', async () => {
    const link = await holderLink(h);
    const { nonce } = await openPage(h, link.token);
    // JPEG magic alone is no longer enough (a header must parse): the polyglot carries a real frame header.
    const html = Buffer.from('<html><script>alert(document.domain)</script></html>');
    const magicOnly = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html]);
    expect((await uploadFile(h, link.token, { nonce, kind: 'document_front', file: magicOnly, name: 'poly.html' })).status).toBe(400);
    const polyglot = Buffer.concat([jpegHead(), html]);
    expect((await uploadFile(h, link.token, { nonce, kind: 'document_front', file: polyglot, name: 'poly.html' })).status).toBe(303);
    const png = sampleFile.png(64);
    expect((await uploadFile(h, link.token, { nonce, kind: 'selfie', file: png, name: `${RLO}gnp.exe.png` })).status).toBe(303);
    const docs = await h.deps.db.kycDocument.findMany({
      where: { accountId: link.accountId },
      select: { id: true, kind: true, fileName: true },
    });
    const front = docs.find((d) => d.kind === 'document_front');
    const selfie = docs.find((d) => d.kind === 'selfie');
    expect(selfie?.fileName).toBe('gnp.exe.png');
    expect(front?.fileName).toBe('poly.html');

    const res = await fetch(`${h.baseUrl}/api/v2/kyc/banking-verification/${link.accountId}/documents/${front?.id}/content`, {
      headers: { authorization: `APIKey ${link.ws.apiKey}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="poly.jpg"; filename*=UTF-8''poly.jpg`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(polyglot)).toBe(true);
  });
});
