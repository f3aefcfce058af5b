import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessSubmission } from '../factories/business-verification.js';
import { sampleFile } from '../factories/holder-files.js';
import { workspaceFactory } from '../factories/workspace.js';
import { chromiumAvailable, recordingContext, releaseBrowser, seriousAxeViolations, sharedBrowser } from '../support/browser.js';
import { type Harness, poster, startHarness } from '../support/harness.js';
import { assertDashboardBuilt } from './dashboard-seed.js';

// The business representative's page at a phone's and a laptop's width, and the operator's KYB
// review on the dashboard's account page, in Debian's chromium.
describe.skipIf(!chromiumAvailable() && !process.env.CI)('business verification (KYB) in chromium', () => {
  let h: Harness;
  let browser: Browser;

  beforeAll(async () => {
    assertDashboardBuilt();
    h = await startHarness();
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await h?.close();
  });

  async function business() {
    const ws = await workspaceFactory(h.deps);
    const post = poster(h, ws.apiKey);
    const accountId = (await post('/api/v2/accounts', { type: 'business', email: 'finance@acme.example' })).body.accountId as string;
    const saved = await post('/api/v2/kyc/banking-verification/business', businessSubmission(accountId));
    expect(saved.status).toBe(200);
    return { ws, accountId, url: saved.body.verificationUrl as string };
  }

  it.each([390, 1280])('the representative page at %i px: company documents, people, upload, signature for the company', async (width) => {
    const { url } = await business();
    const rec = await recordingContext(browser, h.baseUrl, { viewport: { width, height: 900 }, locale: 'en-US' });
    const page = await rec.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${h.baseUrl}${new URL(url).pathname}`);
    await page.getByRole('heading', { level: 1, name: 'Verify your business' }).waitFor();
    await page.getByText('the certificate of incorporation, or an extract from the company register', { exact: false }).waitFor();
    await page.getByText('A. L. (Chief Executive Officer): the photo page of the passport', { exact: false }).waitFor();
    await page.getByText('on behalf of Acme Robotics, Inc.', { exact: false }).first().waitFor();
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // An upload with scripts on: the item says it is received, without a reload.
    const item = page.locator('li.doc[data-kind="certificate_of_incorporation"]');
    await item
      .locator('input[type=file]')
      .setInputFiles({ name: 'certificate.jpg', mimeType: 'image/jpeg', buffer: sampleFile.jpeg(2_000) });
    await item.locator('.badge.ok').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(rec.foreignRequests).toEqual([]);
    expect(rec.pageErrors).toEqual([]);
    await rec.context.close();
  });

  it('the dashboard shows the business review: company, people with roles, documents, signature state', async () => {
    const { ws, accountId } = await business();
    await poster(h, ws.apiKey)(`/api/v2/simulations/kyb/${accountId}`, { event: 'document_uploaded' });
    const rec = await recordingContext(browser, h.baseUrl, { viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const page = await rec.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${h.baseUrl}/dashboard/accounts/${accountId}`);
    await page.getByLabel('Admin or analyst token').fill(ws.adminToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const section = page.getByRole('region', { name: 'Business verification (KYB)' });
    await section.getByText('Acme Robotics, Inc.').waitFor();
    await section.getByRole('heading', { name: 'Person 1: A. L., Chief Executive Officer' }).waitFor();
    await section.getByText('Control person (signs for the company)', { exact: false }).waitFor();
    await section.getByRole('heading', { name: 'Certificate of incorporation' }).waitFor();
    await section.getByText('Not signed yet.').waitFor();
    const text = (await section.textContent()) ?? '';
    for (const secret of ['12-3456789', 'Lovelace', 'P98765432', '77 Secret Lane']) expect(text).not.toContain(secret);
    // The one error is the session probe before signing in (401); no query of the review failed.
    expect(rec.pageErrors.filter((e) => !e.includes('401'))).toEqual([]);
    await rec.context.close();
  });
});
