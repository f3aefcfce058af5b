import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookVerifier } from '../../packages/receiver/src/index.js';
import { Dispatcher } from '../../src/core/webhooks/dispatch/dispatcher.js';
import { ensureSigningKey } from '../../src/core/webhooks/rotate-signing-key.js';
import { setWorkspaceLogo } from '../../src/core/workspaces/set-workspace-logo.js';
import { updateWorkspace } from '../../src/core/workspaces/update-workspace.js';
import { httpWebhookSender } from '../../src/server/http-webhook-sender.js';
import { sampleFile } from '../factories/holder-files.js';
import { realPng } from '../factories/images.js';
import { submission } from '../factories/verification.js';
import {
  chromiumAvailable,
  recordingContext,
  releaseBrowser,
  saveScreenshot,
  seriousAxeViolations,
  sharedBrowser,
} from '../support/browser.js';
import { type Harness, startHarness } from '../support/harness.js';
import { holderLink, storedFor } from '../support/holder.js';
import { startReceiver } from '../support/receiver.js';
import { until } from '../support/until.js';

// The holder's page in Debian's chromium: scripts on (phone, drag and drop, progress) and off
// (plain forms), every refusal shown on the page, and the client's receiver getting the events.

let h: Harness;
let browser: Awaited<ReturnType<typeof sharedBrowser>>;
let dispatcher: Dispatcher;
const sender = httpWebhookSender({ timeoutMs: 5000, allowInsecure: true });
let rx: Awaited<ReturnType<typeof startReceiver>>;

const HOLDER_EVENTS = ['kyc_document_upload_received', 'kyc_document_uploaded', 'kyc_verification_signed'];

beforeAll(async () => {
  h = await startHarness({ allowInsecureWebhooks: true });
  await ensureSigningKey(h.deps);
  rx = await startReceiver();
  dispatcher = new Dispatcher(h.deps, { sender, timeoutMs: 5000, retry: { baseMs: 60_000, factor: 2, jitter: 0 }, pollMs: 50 });
  dispatcher.start();
  browser = await sharedBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await dispatcher?.stop();
  await sender.close();
  await rx?.close();
  await h?.close();
});

/** A fresh link whose workspace sends its webhooks to the local receiver. */
async function linkWithReceiver(overrides: Record<string, unknown> = {}) {
  const link = await holderLink(h, overrides);
  expect((await link.call('/api/v2/webhook-targets', { url: rx.url })).status).toBe(201);
  return link;
}

/** The holder events this workspace's receiver got, verified (signature, tenant, time), in order. */
async function verifiedHolderEvents(workspaceId: string, count: number) {
  const verifier = createWebhookVerifier({ jwksUrl: `${h.baseUrl}/.well-known/jwks.json`, tenantId: workspaceId });
  const mine = () => rx.received.filter((r) => r.headers['x-tenant-id'] === workspaceId && HOLDER_EVENTS.includes(r.json.type));
  await until(`${count} holder events`, () => mine().length >= count, 20_000);
  const verified = [];
  for (const r of mine()) verified.push(await verifier.verify(r.body, r.headers));
  // Delivery order is not guaranteed (docs/api.md, "Webhooks"): the events' own timestamps give the order.
  return verified.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

const fileFor = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

describe.skipIf(!chromiumAvailable() && !process.env.CI)('the verification page in chromium', { timeout: 120_000 }, () => {
  it('with scripts, on a phone: nothing reloads, what was typed, ticked and scrolled stays, images preview, then only the completion', async () => {
    const link = await linkWithReceiver();
    await updateWorkspace(link.ws.ctx, { displayName: 'Acme Holder Bank' });
    await setWorkspaceLogo(link.ws.ctx, { content: realPng(40, 40, [[99, 91, 255]]) });
    const rec = await recordingContext(browser, h.baseUrl, { viewport: { width: 390, height: 740 }, isMobile: true, hasTouch: true });
    const page = await rec.newPage();
    await page.goto(h.baseUrl + link.path);
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Who asks: the display name and the logo, served from this server.
    expect(await page.locator('.brand .requester').textContent()).toBe('Acme Holder Bank');
    expect(await page.locator('.lede').textContent()).toContain('Acme Holder Bank asks you');
    expect(await page.locator('.brand img.logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
    expect(await page.locator('#file-document_front').getAttribute('capture')).toBe('environment');
    expect(await page.locator('#file-selfie').getAttribute('capture')).toBe('user');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'verify-phone-start', { fullPage: true });
    let navigations = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations++;
    });
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });

    // Typed, ticked and scrolled before an upload.
    await page.check('#acceptTerms');
    await page.fill('#fullName', 'Zebulon Quixotewright');
    await page.locator('li[data-kind="selfie"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const before = await page.evaluate(() => ({
      y: window.scrollY,
      top: document.querySelector('li[data-kind="selfie"]')!.getBoundingClientRect().top,
    }));
    expect(before.y).toBeGreaterThan(200);
    await page.setInputFiles(
      '#file-selfie',
      fileFor(
        'me.png',
        'image/png',
        realPng(60, 80, [
          [200, 120, 90],
          [90, 60, 40],
        ]),
      ),
    );
    const preview = page.locator('li[data-kind="selfie"] .preview img');
    await preview.waitFor();
    expect(await preview.evaluate((img: HTMLImageElement) => img.src.startsWith('blob:') && img.naturalWidth)).toBe(60);
    expect(await page.locator('li[data-kind="selfie"] .state').textContent()).toContain('Received me.png');
    expect(await page.locator('#progress-text').textContent()).toBe('1 of 4 steps done');
    expect(navigations).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);
    expect(await page.inputValue('#fullName')).toBe('Zebulon Quixotewright');
    expect(await page.isChecked('#acceptTerms')).toBe(true);
    const after = await page.evaluate(() => ({
      y: window.scrollY,
      top: document.querySelector('li[data-kind="selfie"]')!.getBoundingClientRect().top,
    }));
    expect(after.y).toBeGreaterThan(200);
    expect(Math.abs(after.top - before.top)).toBeLessThan(3);
    await saveScreenshot(page, 'verify-phone-progress');

    // Drag and drop, with the upload held back until its progress has been seen.
    const front = sampleFile.png(200_000);
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/documents', async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate((b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'front.png', { type: 'image/png' }));
      const target = document.querySelector('li[data-kind="document_front"]') as HTMLElement;
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, front.toString('base64'));
    await page.locator('li[data-kind="document_front"] progress').waitFor({ state: 'visible' });
    expect(await page.locator('li[data-kind="document_front"] .msg').textContent()).toContain('Uploading front.png');
    release();
    await page.locator('li[data-kind="document_front"].done').waitFor();
    await page.unroute('**/documents');

    // A refusal shows in place and stores nothing.
    await page.setInputFiles('#file-proof_of_address', fileFor('bill.png', 'image/png', Buffer.from('not really a picture')));
    const msg = page.locator('li[data-kind="proof_of_address"] .msg.error');
    await msg.waitFor();
    expect(await msg.textContent()).toMatch(/not a JPEG, PNG, HEIC or PDF/);
    // A PDF is named, not drawn.
    await page.setInputFiles('#file-proof_of_address', fileFor('bill.pdf', 'application/pdf', sampleFile.pdf(80_000)));
    await page.locator('li[data-kind="proof_of_address"] .preview .file-card').waitFor();
    expect(await page.locator('#progress-text').textContent()).toBe('3 of 4 steps done');
    expect(navigations).toBe(0);

    // Signing completes everything: the page then shows only the completion, with what was sent.
    await Promise.all([page.waitForURL(h.baseUrl + link.path), page.click('form.sign button')]);
    await page.getByRole('heading', { level: 1, name: 'Thank you, you are done' }).waitFor();
    expect(await page.locator('form').count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toMatch(/Replace|please upload|Needed/i);
    expect(await page.locator('.sent li').count()).toBe(4);
    expect(await page.locator('.brand .requester').textContent()).toBe('Acme Holder Bank');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'verify-phone-done', { fullPage: true });
    expect(rec.foreignRequests).toEqual([]);
    expect(rec.pageErrors.filter((e) => !/status of 415/.test(e))).toEqual([]);
    await rec.context.close();

    const events = await verifiedHolderEvents(link.ws.workspaceId, 5);
    expect(events.map((e) => e.type)).toEqual([
      'kyc_document_upload_received',
      'kyc_document_upload_received',
      'kyc_document_upload_received',
      'kyc_document_uploaded',
      'kyc_verification_signed',
    ]);
    expect(JSON.stringify(events)).not.toContain('Zebulon');

    // The client downloads what the holder dropped, byte for byte.
    const list = await fetch(`${h.baseUrl}/api/v2/kyc/banking-verification/${link.accountId}/documents`, {
      headers: { authorization: `APIKey ${link.ws.apiKey}` },
    }).then((r) => r.json());
    const frontDoc = list.data.find((d: { kind: string }) => d.kind === 'document_front');
    const content = await fetch(`${h.baseUrl}/api/v2/kyc/banking-verification/${link.accountId}/documents/${frontDoc.documentId}/content`, {
      headers: { authorization: `APIKey ${link.ws.apiKey}` },
    });
    expect(Buffer.from(await content.arrayBuffer()).equals(front)).toBe(true);
  });

  it('without scripts: the files first, then the signature, every refusal on the page, then only the completion', async () => {
    const link = await linkWithReceiver({ documentId: { ...submission('x').documentId, idDocumentType: 'national_id' } });
    const rec = await recordingContext(browser, h.baseUrl, { javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await rec.newPage();
    await page.goto(h.baseUrl + link.path);
    expect(await page.locator('li.doc').count()).toBe(4);
    // No display name set: the workspace's name says who asks.
    expect(await page.locator('.brand .requester').textContent()).toMatch(/^Test \d+$/);
    // Nothing to type yet: an upload's reload could not lose it.
    expect(await page.isVisible('#fullName')).toBe(false);
    expect(await page.isVisible('.later-hint')).toBe(true);

    const submitFile = async (kind: string, file: ReturnType<typeof fileFor>) => {
      await page.setInputFiles(`#file-${kind}`, file);
      const [response] = await Promise.all([page.waitForNavigation(), page.click(`li[data-kind="${kind}"] button`)]);
      return response;
    };
    const refusals: Array<[string, ReturnType<typeof fileFor>, number, RegExp]> = [
      ['empty', fileFor('front.jpg', 'image/jpeg', Buffer.alloc(0)), 400, /the file is empty/],
      ['wrong type', fileFor('front.jpg', 'image/jpeg', Buffer.from('GIF89a but not allowed')), 415, /not a JPEG, PNG, HEIC or PDF/],
      ['too large', fileFor('front.png', 'image/png', sampleFile.png(70_000)), 413, /larger than the 0.06 MB limit/],
    ];
    h.deps.documentMaxBytes = 64 * 1024;
    try {
      for (const [, file, status, message] of refusals) {
        const response = await submitFile('document_front', file);
        expect(response?.status()).toBe(status);
        expect(await page.locator('#notice[role="alert"]').textContent()).toMatch(message);
      }
    } finally {
      h.deps.documentMaxBytes = undefined;
    }
    expect(await storedFor(h, link.accountId)).toEqual({ documents: 0, chunks: 0 });

    for (const [kind, file] of [
      ['document_front', fileFor('front.heic', 'image/heic', sampleFile.heic())],
      ['document_back', fileFor('back.jpg', 'image/jpeg', sampleFile.jpeg())],
      ['selfie', fileFor('me.jpg', 'image/jpeg', sampleFile.jpeg())],
      ['proof_of_address', fileFor('bill.pdf', 'application/pdf', sampleFile.pdf())],
    ] as const) {
      const response = await submitFile(kind, file);
      expect(response?.status()).toBe(200);
      expect(page.url()).toMatch(new RegExp(`\\?done=${kind}$`));
      expect(await page.locator('#notice').textContent()).toMatch(/^Received: /);
    }
    // Every file in: the signature step is there now. The browser itself refuses an unchecked box or an empty name.
    expect(await page.isVisible('#fullName')).toBe(true);
    expect(await page.evaluate(() => (document.querySelector('form.sign') as HTMLFormElement).checkValidity())).toBe(false);
    await page.check('#acceptTerms');
    await page.fill('#fullName', 'Zebulon Quixotewright');
    await Promise.all([page.waitForNavigation(), page.click('form.sign button')]);
    await page.getByRole('heading', { level: 1, name: 'Thank you, you are done' }).waitFor();
    expect(await page.locator('form').count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toMatch(/Replace|please upload|Needed/i);
    await saveScreenshot(page, 'verify-desktop-done', { fullPage: true });
    expect(rec.foreignRequests).toEqual([]);

    const events = await verifiedHolderEvents(link.ws.workspaceId, 6);
    expect(events.map((e) => e.type)).toEqual([
      'kyc_document_upload_received',
      'kyc_document_upload_received',
      'kyc_document_upload_received',
      'kyc_document_upload_received',
      'kyc_document_uploaded',
      'kyc_verification_signed',
    ]);
    await rec.context.close();
  });

  it('a page whose link was replaced or has expired says so when the holder submits', async () => {
    const rec = await recordingContext(browser, h.baseUrl, { javaScriptEnabled: false });
    const page = await rec.newPage();

    const replaced = await holderLink(h);
    await page.goto(h.baseUrl + replaced.path);
    await replaced.call('/api/v2/kyc/banking-verification/individual', submission(replaced.accountId));
    await page.setInputFiles('#file-selfie', fileFor('me.png', 'image/png', sampleFile.png()));
    const [gone] = await Promise.all([page.waitForNavigation(), page.click('li[data-kind="selfie"] button')]);
    expect(gone?.status()).toBe(404);
    expect(await page.textContent('main')).toMatch(/replaced by a newer one/);

    const expired = await holderLink(h);
    await page.goto(h.baseUrl + expired.path);
    await h.deps.db.bankingVerification.updateMany({
      where: { accountId: expired.accountId },
      data: { linkExpiresAt: new Date(Date.now() - 1) },
    });
    await page.setInputFiles('#file-selfie', fileFor('me.png', 'image/png', sampleFile.png()));
    const [late] = await Promise.all([page.waitForNavigation(), page.click('li[data-kind="selfie"] button')]);
    expect(late?.status()).toBe(410);
    expect(await page.textContent('main')).toMatch(/expired/);
    expect((await page.goto(h.baseUrl + expired.path))?.status()).toBe(410);
    for (const l of [replaced, expired]) expect(await storedFor(h, l.accountId)).toEqual({ documents: 0, chunks: 0 });
    await rec.context.close();
  });
});
