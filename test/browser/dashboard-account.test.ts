import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumAvailable,
  type RecordingContext,
  recordingContext,
  releaseBrowser,
  saveScreenshot,
  seriousAxeViolations,
  sharedBrowser,
} from '../support/browser.js';
import { type Harness, startHarness } from '../support/harness.js';
import { until } from '../support/until.js';
import { assertDashboardBuilt, seedDashboard } from './dashboard-seed.js';

// The account page's lists and the sandbox simulation buttons, as an admin and as an analyst.
describe.skipIf(!chromiumAvailable() && !process.env.CI)('the dashboard account page and sandbox actions in chromium', () => {
  let h: Harness;
  let browser: Browser;
  let seed: Awaited<ReturnType<typeof seedDashboard>>;
  let rec: RecordingContext;
  let page: Page;

  beforeAll(async () => {
    assertDashboardBuilt();
    h = await startHarness();
    seed = await seedDashboard(h);
    browser = await sharedBrowser();
    rec = await recordingContext(browser, h.baseUrl, { viewport: { width: 1280, height: 900 } });
    page = await rec.newPage();
    // A step that cannot happen fails with its locator named, before the test's own timeout.
    page.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await h?.close();
  });

  const url = (p: string) => `${h.baseUrl}${p}`;
  const signIn = async (p: Page, to: string, token: string) => {
    await p.goto(url(to));
    await p.getByLabel('Admin or analyst token').fill(token);
    await p.getByRole('button', { name: 'Sign in' }).click();
  };
  const table = (p: Page, name: string) => p.getByRole('table', { name, exact: true });
  const cellsOf = (p: Page, name: string) =>
    table(p, name)
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));

  it("shows the account's wallets, beneficiaries and bank accounts from the seed, and its status history", async () => {
    await signIn(page, `/dashboard/accounts/${seed.alice}`, seed.adminToken);
    await page.getByRole('heading', { level: 1, name: 'alice@example.com' }).waitFor();
    await table(page, 'crypto wallets').locator('tbody tr').first().waitFor();
    const [wallet] = await cellsOf(page, 'crypto wallets');
    expect(wallet?.slice(0, 2)).toEqual(['ETH', 'Ethereum']);
    // Addresses are shortened in the middle; the whole one is in the title and behind the copy button.
    const address = (name: string) => table(page, name).locator('tbody tr').first().locator('code').getAttribute('title');
    expect(await address('crypto wallets')).toMatch(/^0x[0-9a-f]{40}$/);
    await table(page, 'crypto beneficiaries').locator('tbody tr').first().waitFor();
    expect((await cellsOf(page, 'crypto beneficiaries'))[0]?.slice(0, 3)).toEqual(['Cold storage', 'ETH', 'Ethereum']);
    expect(await address('crypto beneficiaries')).toBe('0x52908400098527886E0F7030069857D2E4169EE7');
    await table(page, 'bank accounts').locator('tbody tr').first().waitFor();
    expect((await cellsOf(page, 'bank accounts'))[0]?.slice(0, 5)).toEqual([
      'Alice Example',
      'First Bank',
      '021000021',
      '••••6789',
      'Checking',
    ]);
    expect(await page.content()).not.toContain('000123456789');
    await table(page, 'Status history').locator('tbody tr').first().waitFor();
    expect((await cellsOf(page, 'Status history')).map((r) => [r[0], r[3]])).toEqual([['Pending', 'account_created']]);
    // Every list is a table with a header row.
    for (const name of ['crypto wallets', 'crypto beneficiaries', 'bank accounts', 'Status history']) {
      expect(await table(page, name).locator('thead th').count()).toBeGreaterThan(2);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('KYC: the link state and the status history change visibly when the outcome button is pressed', async () => {
    await page.goto(url(`/dashboard/accounts/${seed.dana}`));
    await page.getByRole('heading', { level: 1, name: 'dana@example.com' }).waitFor();
    await expect(page.getByTestId('link-state').textContent()).resolves.toBe('Active');
    await page.getByText('0 of 50', { exact: true }).waitFor();
    const token = seed.danaLink.split('/').pop() ?? '';
    expect(token).toHaveLength(43);
    expect(await page.content()).not.toContain(token);
    await until('the history to load', async () => (await cellsOf(page, 'Status history')).length === 2);
    await page.getByRole('button', { name: 'Sandbox: Provider approves (completed)' }).click();
    await page.getByTestId('link-state').getByText('Used').waitFor();
    await until('the history to show active', async () => (await cellsOf(page, 'Status history'))[0]?.[0] === 'Active');
    expect((await cellsOf(page, 'Status history')).map((r) => r[0])).toEqual(['Active', 'In review', 'Pending']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'dashboard-account-sandbox', { fullPage: true });
  });

  it('KYB and deposits: buttons move a business account and create deposits that the page lists', { timeout: 90_000 }, async () => {
    await page.goto(url(`/dashboard/accounts/${seed.acme}`));
    await page.getByRole('heading', { level: 1, name: 'acme@example.com' }).waitFor();
    expect(await page.getByRole('button', { name: /Provider|Holder/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'KYB: submitted' }).click();
    await page.getByText('KYB event sent; the account is in review.').waitFor();
    await until('the profile to show in review', async () => (await cellsOf(page, 'Status history'))[0]?.[0] === 'In review');
    await page.getByLabel('KYB document type').selectOption('ein_letter');
    await page.getByRole('button', { name: 'KYB: document uploaded' }).click();
    await until(
      'kyb_document_uploaded to be written',
      async () => (await h.deps.db.event.count({ where: { accountId: seed.acme, type: 'kyb_document_uploaded' } })) === 1,
    );

    const bankForm = page.getByRole('form', { name: 'Bank deposit' });
    await bankForm.getByLabel('Amount').fill('42.50');
    await bankForm.getByLabel('Instrument').selectOption('wire');
    await bankForm.getByRole('button', { name: 'Simulate bank deposit' }).click();
    await page
      .getByRole('status')
      .getByText(/Deposit received: transaction .* \(bank, pending\)/)
      .waitFor();
    const txs = table(page, "the account's transactions").locator('tbody tr');
    await until('the deposit to be listed', async () => (await txs.count()) === 1);
    expect(await txs.first().locator('td').nth(4).textContent()).toBe('42.50 USD'); // Transaction, Type, Direction, Status, Amount
    const cryptoForm = page.getByRole('form', { name: 'Crypto deposit' });
    await cryptoForm.getByLabel('Coin on network').selectOption('SOL/solana');
    await cryptoForm.getByRole('button', { name: 'Simulate crypto deposit' }).click();
    await until('both deposits to be listed', async () => (await txs.count()) === 2);
    expect(await txs.first().locator('td').nth(4).textContent()).toMatch(/^0\.50* SOL$/);
    // A refused simulation says why and changes nothing.
    await bankForm.getByLabel('Amount').fill('-3');
    await bankForm.getByRole('button', { name: 'Simulate bank deposit' }).click();
    await page.getByRole('alert').getByText('Please check these values:').waitFor();
    expect(await page.getByRole('alert').textContent()).not.toContain('VALIDATION_FAILED');
    expect(await h.deps.db.transaction.count({ where: { accountId: seed.acme } })).toBe(2);
  });

  it("the transaction page's sandbox buttons walk a deposit through its statuses", { timeout: 60_000 }, async () => {
    await table(page, "the account's transactions").locator('tbody tr').last().locator('a').click();
    await page.getByRole('heading', { level: 1, name: 'Bank transaction 42.50 USD' }).waitFor();
    const status = page.locator('.page-head .status');
    await page.getByRole('button', { name: 'Simulate: processing' }).click();
    await until('processing', async () => (await status.textContent()) === 'Processing');
    await page.getByRole('button', { name: 'Simulate: completed' }).click();
    await until('completed', async () => (await status.textContent()) === 'Completed');
    await page.locator('ol.timeline li').first().getByText('Completed', { exact: true }).waitFor();
    expect(await page.locator('ol.timeline li').count()).toBe(3);
    await page.getByRole('button', { name: 'Simulate: returned' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('an analyst sees the lists but no simulation or other mutating control', async () => {
    const arec = await recordingContext(browser, h.baseUrl);
    const ap = await arec.newPage();
    await signIn(ap, `/dashboard/accounts/${seed.dana}`, seed.analystToken);
    await ap.getByRole('heading', { level: 1, name: 'dana@example.com' }).waitFor();
    await until('the history to load', async () => (await cellsOf(ap, 'Status history')).length === 3);
    await ap.getByTestId('link-state').waitFor();
    expect(await ap.getByRole('button', { name: /KYC|KYB|Holder|Provider|Simulate|Send to the provider/ }).count()).toBe(0);
    expect(await ap.getByRole('heading', { name: 'Sandbox simulations' }).count()).toBe(0);
    const deposit = (await h.deps.db.transaction.findFirstOrThrow({ where: { accountId: seed.acme }, select: { id: true } })).id;
    await ap.goto(url(`/dashboard/transactions/${deposit}`));
    await ap.getByRole('heading', { name: 'Status history' }).waitFor();
    expect(
      await ap
        .getByRole('button')
        .filter({ hasNotText: /^(Sign out|Menu|Copy)$/ })
        .count(),
    ).toBe(0);
    expect(await seriousAxeViolations(ap)).toEqual([]);
    expect(arec.foreignRequests).toEqual([]);
    await arec.context.close();
  });

  it('no page asked another origin for anything, and no script error happened', () => {
    expect(rec.foreignRequests).toEqual([]);
    // The refused deposit (400) is logged by chromium as a failed resource load.
    expect(rec.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
