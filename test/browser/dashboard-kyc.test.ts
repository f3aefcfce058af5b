import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueLabel } from '../../src/dashboard/labels.js';
import { chromiumAvailable, recordingContext, releaseBrowser, seriousAxeViolations, sharedBrowser } from '../support/browser.js';
import { type Harness, startHarness, trpcClient } from '../support/harness.js';
import { until } from '../support/until.js';
import { assertDashboardBuilt, seedDashboard } from './dashboard-seed.js';

// KYC review on the account page: erin uploaded a PNG of her passport, a selfie and a PDF through
// her link and signed; the operator reviews them, an analyst sees what arrived but not the files.
describe.skipIf(!chromiumAvailable() && !process.env.CI)('KYC review on the dashboard in chromium', () => {
  let h: Harness;
  let browser: Browser;
  let seed: Awaited<ReturnType<typeof seedDashboard>>;
  let docs: { id: string; kind: string }[];

  beforeAll(async () => {
    assertDashboardBuilt();
    h = await startHarness();
    seed = await seedDashboard(h);
    docs = await h.deps.db.kycDocument.findMany({ where: { accountId: seed.erin }, select: { id: true, kind: true } });
    expect(docs).toHaveLength(3);
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await h?.close();
  });

  const reads = () => h.deps.db.kycDocumentRead.count({ where: { accountId: seed.erin } });
  const open = async (token: string) => {
    const rec = await recordingContext(browser, h.baseUrl, { viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const page = await rec.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${h.baseUrl}/dashboard/accounts/${seed.erin}`);
    await page.getByLabel('Admin or analyst token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'erin@example.com' }).waitFor();
    return { rec, page };
  };
  const kyc = (page: Page) => page.getByRole('region', { name: 'Identity verification (KYC)' });

  it('an admin sees every document with a preview, its kind, size, SHA-256 and time; the PDF opens in a new tab; each read is recorded', async () => {
    const before = await reads();
    const { rec, page } = await open(seed.adminToken);
    const section = kyc(page);
    await section.getByText('Every required document is in').waitFor();
    for (const kind of ['Document (front)', 'Selfie with the document', 'Proof of address']) {
      await section.getByRole('heading', { name: kind }).waitFor();
    }
    // The images are drawn from the session-cookie route, under the page's CSP.
    const front = section.getByRole('img', { name: 'Document (front): passport-front.png' });
    await until('the previews to be drawn', () =>
      page.evaluate(() => [...document.images].filter((i) => i.naturalWidth === 240).length === 2),
    );
    expect(await front.getAttribute('src')).toMatch(new RegExp(`^/dashboard/kyc/${seed.erin}/documents/[0-9a-f-]{36}/content$`));
    const pdf = section.getByRole('link', { name: 'Open the PDF in a new tab' });
    expect(await pdf.getAttribute('target')).toBe('_blank');
    const res = await page.request.get(`${h.baseUrl}${await pdf.getAttribute('href')}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect(res.headers()['content-disposition']).toMatch(/^inline; filename="utility-bill.pdf"/);
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // Metadata in words and formats: the kind, a size in bytes, the SHA-256 (whole in its title), a date with its zone.
    const sha = await h.deps.db.kycDocument.findFirstOrThrow({
      where: { accountId: seed.erin, kind: 'proof_of_address' },
      select: { sha256: true },
    });
    await section.locator(`code[title="${sha.sha256}"]`).waitFor();
    expect(await section.textContent()).toMatch(/Size\d+ bytes/);
    expect(await section.textContent()).toMatch(/Uploaded[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}:\d{2} UTC/);
    expect(await section.textContent()).not.toMatch(/document_front|proof_of_address|uploadedAt|\d{4}-\d{2}-\d{2}T/);
    // The signature: who and when.
    await expect(page.getByTestId('signature').textContent()).resolves.toMatch(/^Signed by Erin Example on [A-Z][a-z]{2} \d/);
    // Two image previews and one PDF read by this admin, recorded like REST downloads.
    await until('the reads to be recorded', async () => (await reads()) === before + 3);
    const recorded = await h.deps.db.kycDocumentRead.findMany({
      where: { accountId: seed.erin },
      select: { actorKind: true, adminEmail: true },
    });
    expect(new Set(recorded.map((r) => `${r.actorKind} ${r.adminEmail}`))).toEqual(new Set([`admin ${seed.adminEmail}`]));
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Next step: send to the provider; in a sandbox, the provider's outcome.
    await section.getByRole('button', { name: 'Send to the provider for verification' }).click();
    await page.locator('.page-head').getByText('In review').waitFor();
    await section.getByRole('button', { name: 'Sandbox: Provider approves (completed)' }).click();
    await page.locator('.page-head').getByText('Active').waitFor();
    expect(await section.getByRole('button', { name: /Send to the provider|Sandbox: Provider/ }).count()).toBe(0);
    expect(rec.foreignRequests).toEqual([]);
    expect(rec.pageErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await rec.context.close();
  });

  it('an analyst sees what was uploaded and when, never the files or the signer; the content route refuses them', async () => {
    const before = await reads();
    const { rec, page } = await open(seed.analystToken);
    const section = kyc(page);
    await section.getByRole('heading', { name: 'Proof of address' }).waitFor();
    await section.getByText('574 bytes').first().waitFor();
    expect(await section.getByRole('img').count()).toBe(0);
    expect(await section.locator('a[href*="/content"]').count()).toBe(0);
    expect(await section.getByText('Content is for admins').count()).toBe(3);
    const signature = (await page.getByTestId('signature').textContent()) ?? '';
    expect(signature).toMatch(/^Signed on .* \(the name is shown to admins\)\.$/);
    expect(await page.content()).not.toContain('Erin Example');
    const res = await page.request.get(`${h.baseUrl}/dashboard/kyc/${seed.erin}/documents/${docs[0]?.id}/content`);
    expect(res.status()).toBe(403);
    expect(await reads()).toBe(before);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(rec.foreignRequests).toEqual([]);
    await rec.context.close();
  });

  // The button follows the core's rule as the read serves it (canRequestVerification), never a rule
  // of its own: needs_update with the data already submitted once is the case the page used to get wrong.
  // One signed-in page for the cases, reloaded after each change of the rows (a new context and a
  // sign-in per case cost more than the check); the context closes with the file (releaseBrowser).
  let signedIn: Awaited<ReturnType<typeof open>> | undefined;
  it.each([
    ['pending', 'saved'],
    ['needs_update', 'submitted'],
    ['needs_update', 'needs_update'],
    ['in_review', 'submitted'],
    ['active', 'completed'],
  ] as const)('account %s, verification %s: "Send to the provider" is shown exactly when the core allows a request', async (accountStatus, status) => {
    await h.deps.db.account.updateMany({ where: { id: seed.erin }, data: { status: accountStatus } });
    await h.deps.db.bankingVerification.updateMany({ where: { accountId: seed.erin }, data: { status } });
    const served = await trpcClient(h, seed.adminToken).kyc.getBankingVerification.query({ accountId: seed.erin });
    if (signedIn) {
      await signedIn.page.reload();
      await signedIn.page.getByRole('heading', { level: 1, name: 'erin@example.com' }).waitFor();
    } else signedIn = await open(seed.adminToken);
    const { rec, page } = signedIn;
    const section = kyc(page);
    await section
      .getByRole('definition')
      .filter({ hasText: valueLabel(status) })
      .first()
      .waitFor();
    await page.getByTestId('signature').waitFor();
    const button = section.getByRole('button', { name: 'Send to the provider for verification' });
    expect(await button.count()).toBe(served.canRequestVerification ? 1 : 0);
    expect(served.canRequestVerification).toBe(accountStatus === 'pending' || accountStatus === 'needs_update');
    expect(rec.foreignRequests).toEqual([]);
  });
});
