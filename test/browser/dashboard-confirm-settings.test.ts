import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTransaction } from '../../src/core/transactions/get-transaction.js';
import { updateTransactionStatus } from '../../src/core/transactions/update-transaction-status.js';
import { getWorkspace } from '../../src/core/workspaces/get-workspace.js';
import { activeAccount, createBank } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import {
  chromiumAvailable,
  releaseBrowser,
  saveScreenshot,
  seriousAxeViolations,
  sharedBrowser,
  sharedDashboardPage,
} from '../support/browser.js';
import { type Harness, startHarness } from '../support/harness.js';
import { until } from '../support/until.js';
import { assertDashboardBuilt } from './dashboard-seed.js';
import { GOOD_LAYOUT, layoutReport } from './layout-checks.js';

// An admin's manual status change asks for confirmation and says what will happen (from -> to,
// reason, event, balance), then clears; the settings page sets what holders see. At both sizes.
describe.skipIf(!chromiumAvailable() && !process.env.CI)(
  'status change confirmation and settings in the dashboard',
  { timeout: 120_000 },
  () => {
    let h: Harness;
    let browser: Browser;
    let ws: Awaited<ReturnType<typeof workspaceFactory>>;
    let accountId: string;

    beforeAll(async () => {
      assertDashboardBuilt();
      h = await startHarness();
      ws = await workspaceFactory(h.deps, 'Confirm');
      accountId = await activeAccount(ws.ctx, 'confirm@example.com');
      browser = await sharedBrowser();
    });
    afterAll(async () => {
      await releaseBrowser(browser);
      await h?.close();
    });

    // One signed-in page for the file, resized and loaded afresh for each test (each starts from
    // rows of its own): a new context with a sign-in per test cost more than what each checks. The
    // context closes with the file (releaseBrowser).
    const page900 = sharedDashboardPage(
      () => browser,
      () => h.baseUrl,
      () => ws.adminToken,
    );
    const open = (width: number, to: string) => page900(width, 900, to);

    it.each([1280, 390])('at %i px a status change is reviewed, confirmed, and the form starts again empty', async (width) => {
      const tx = await createBank(ws.ctx, accountId, { amount: '100.00' });
      const admin = { ...ws.ctx, actor: { kind: 'admin' as const, role: 'admin' as const, adminId: ws.adminId, email: ws.adminEmail } };
      await updateTransactionStatus(admin, { transactionId: tx.id, body: { status: 'processing' } });
      const { page, rec } = await open(width, `/dashboard/transactions/${tx.id}`);
      const form = page.getByRole('form', { name: 'Change status' });
      await form.waitFor();
      // Nothing is chosen at first: one click cannot change anything.
      expect(await page.getByLabel('New status').inputValue()).toBe('');
      await page.getByLabel('New status').selectOption('completed');
      await page.getByLabel('Reason').fill('settled by the bank');
      await page.getByRole('button', { name: 'Review change' }).click();
      const confirm = page.getByRole('button', { name: 'Confirm: move to Completed' });
      await confirm.waitFor();
      const review = page.locator('.review');
      expect(await review.locator('h3').textContent()).toBe('Confirm: Processing → Completed');
      const facts = await review.locator('.review-facts').textContent();
      expect(facts).toContain('settled by the bank');
      expect(facts).toContain('bank_transaction_status_updated');
      const effect = page.getByRole('table', { name: 'Effect on the balance', exact: true });
      await effect.locator('tbody tr').first().waitFor();
      expect(await effect.locator('tbody tr').count()).toBe(1);
      expect(await effect.locator('tbody tr td').first().textContent()).toBe('USD');
      // Still processing: the review wrote nothing.
      expect((await getTransaction(ws.ctx, { transactionId: tx.id })).status).toBe('processing');
      expect(await layoutReport(page)).toEqual(GOOD_LAYOUT);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.locator('#change-h').scrollIntoViewIfNeeded();
      await saveScreenshot(page, `dashboard-status-confirm-${width}`, { fullPage: true });

      // Cancel goes back to the form with nothing changed; confirming changes the status.
      await page.getByRole('button', { name: 'Cancel' }).click();
      await form.waitFor();
      await page.getByLabel('New status').selectOption('completed');
      await page.getByLabel('Reason').fill('settled by the bank');
      await page.getByRole('button', { name: 'Review change' }).click();
      await confirm.click();
      await page.getByText(/^Moved to Completed\./).waitFor();
      const after = await getTransaction(ws.ctx, { transactionId: tx.id });
      expect(after).toMatchObject({ status: 'completed', statusReason: 'settled by the bank' });
      // The form starts again: no status chosen, no reason kept ("Returned" is not one click away).
      expect(await page.getByLabel('New status').inputValue()).toBe('');
      expect(await page.getByLabel('Reason').inputValue()).toBe('');
      // The choices follow the refreshed transaction (completed: only Returned is left).
      const choices = page.getByLabel('New status').locator('option:not([disabled])');
      await until('the choices to follow the new status', async () => (await choices.allTextContents()).join() === 'Returned');
      await saveScreenshot(page, `dashboard-status-confirmed-${width}`, { fullPage: true });
      expect(rec.foreignRequests).toEqual([]);
    });

    it.each([1280, 390])('at %i px the settings page sets the display name and support contact, and says what is wrong', async (width) => {
      await h.deps.db.workspace.update({
        where: { id: ws.workspaceId },
        data: { displayName: null, supportEmail: null, supportUrl: null },
      });
      const { page, rec } = await open(width, '/dashboard/settings');
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await page.getByLabel('Display name').fill('Acme Confirm Bank');
      await page.getByLabel('Support email').fill('help@acme.example');
      // An http page is refused by the server, next to its field.
      await page.getByLabel('Support page').fill('http://acme.example/help');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('#ws-supportUrl-error').waitFor();
      // Nothing of the refused save was stored.
      expect(await getWorkspace(ws.ctx)).toMatchObject({ displayName: null, supportEmail: null, supportUrl: null });
      await page.getByLabel('Support page').fill('https://acme.example/help');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved.').waitFor();
      expect(await getWorkspace(ws.ctx)).toMatchObject({
        displayName: 'Acme Confirm Bank',
        supportEmail: 'help@acme.example',
        supportUrl: 'https://acme.example/help',
      });
      expect(await layoutReport(page)).toEqual(GOOD_LAYOUT);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, `dashboard-settings-${width}`, { fullPage: true });
      expect(rec.foreignRequests).toEqual([]);
    });
  },
);
