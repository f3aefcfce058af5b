import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/core/accounts/create-account.js';
import { requestBankingVerification } from '../../src/core/kyc/request-banking-verification.js';
import { submitBankingVerification } from '../../src/core/kyc/submit-banking-verification.js';
import { updateTransactionStatus } from '../../src/core/transactions/update-transaction-status.js';
import { createWebhookTarget } from '../../src/core/webhooks/create-webhook-target.js';
import { createApiKey } from '../../src/core/workspaces/create-api-key.js';
import { activeAccount, createBank } from '../factories/transactions.js';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import {
  chromiumAvailable,
  networkQuiet,
  releaseBrowser,
  saveScreenshot,
  seriousAxeViolations,
  sharedBrowser,
  signInDashboard,
} from '../support/browser.js';
import { type Harness, poster, startHarness } from '../support/harness.js';
import { until } from '../support/until.js';
import { assertDashboardBuilt } from './dashboard-seed.js';
import { GOOD_LAYOUT, layoutReport } from './layout-checks.js';

const SIZES = [
  { name: 'laptop', width: 1280, height: 900, suffix: '' },
  { name: 'phone', width: 390, height: 844, suffix: '-phone' },
] as const;
const KEY_NAME = 'nightly reconciliation exporter of the treasury team';
const TARGET_URL = 'https://hooks.example.com/fas/operations-receiver';

// The audit log in the dashboard, at both sizes: an admin changes a transaction's status (review
// then confirm), revokes a key and enables a target through the pages; the audit page lists the
// three records with the admin's name, a filter narrows them, a record opens on its changes, the
// exports carry the filters, and the transaction's and the target's own history show theirs. An
// analyst sees neither the entry nor the history, and the page refuses them in words.
describe.skipIf(!chromiumAvailable() && !process.env.CI)(
  'the audit log in the dashboard at 1280 px and 390 px',
  { timeout: 180_000 },
  () => {
    let h: Harness;
    let browser: Browser;

    beforeAll(async () => {
      assertDashboardBuilt();
      h = await startHarness();
      browser = await sharedBrowser();
    }, 120_000);
    afterAll(async () => {
      await releaseBrowser(browser);
      await h?.close();
    });

    /** A workspace with a processing transfer, a named key and a target the service disabled. */
    async function workspace(name: string) {
      const ws = await workspaceFactory(h.deps, `Audit ${name}`);
      const accountId = await activeAccount(ws.ctx, `audit-${name}@example.com`);
      const tx = await createBank(ws.ctx, accountId, { amount: '100.00' });
      await updateTransactionStatus(ws.ctx, { transactionId: tx.id, body: { status: 'processing' } });
      const key = await createApiKey(ws.ctx, { name: KEY_NAME });
      const target = await createWebhookTarget(ws.ctx, { url: TARGET_URL, description: 'Operations receiver' });
      await h.deps.db.webhookTarget.updateMany({
        where: { id: target.id },
        data: { status: 'disabled', disabledAt: new Date(), disabledReason: 'failed 6 attempts; last: HTTP 503' },
      });
      return { ...ws, accountId, tx, key, target };
    }

    const signIn = (token: string, width: number, height: number) =>
      signInDashboard(browser, h.baseUrl, token, { viewport: { width, height } });

    /** The page as a person sees it: fits, no text over text, no serious accessibility violation. */
    async function looksRight(page: Page, name: string) {
      await saveScreenshot(page, name, { fullPage: true });
      expect(await layoutReport(page), name).toEqual(GOOD_LAYOUT);
      expect(await seriousAxeViolations(page), name).toEqual([]);
    }

    /** The actions of the rows of the audit table, in order. */
    const actions = (page: Page, table = 'audit records') =>
      page.getByRole('table', { name: table, exact: true }).locator('tbody tr td[data-label="Action"]').allTextContents();

    for (const size of SIZES) {
      it(`at ${size.width} px (${size.name}): actions done in the pages are listed, filtered, opened and shown on their objects`, async () => {
        const ws = await workspace(size.name);
        const { page, rec } = await signIn(ws.adminToken, size.width, size.height);
        const quiet = networkQuiet(page);

        // 1. A status change, reviewed then confirmed.
        await page.goto(`${h.baseUrl}/dashboard/transactions/${ws.tx.id}`);
        await page.getByLabel('New status').selectOption('completed');
        await page.getByLabel('Reason').fill('settled by the bank');
        await page.getByRole('button', { name: 'Review change' }).click();
        await page.getByRole('button', { name: 'Confirm: move to Completed' }).click();
        await page.getByText(/^Moved to Completed\./).waitFor();
        // The transaction's own history shows the change and who made it, refreshed with the page.
        const history = page.getByRole('region', { name: 'History', exact: true });
        const changed = history.locator('tbody tr', { hasText: 'transaction.status_changed' }).filter({ hasText: ws.adminEmail });
        await until('the history to show the change', async () => (await changed.count()) === 1);
        await changed.getByText('2 fields changed').click();
        await changed.getByText('Status: processing → completed').waitFor();
        await changed.getByText('Reason: — → settled by the bank').waitFor();
        await quiet();
        await looksRight(page, `dashboard-audit-transaction${size.suffix}`);

        // 2. A key revoked (asked first), 3. a target the service disabled enabled again.
        await page.goto(`${h.baseUrl}/dashboard/api-keys`);
        page.once('dialog', (d) => d.accept());
        await page.getByRole('button', { name: `Revoke ${KEY_NAME}` }).click();
        await until('the key to be revoked', async () => (await page.getByRole('button', { name: `Revoke ${KEY_NAME}` }).count()) === 0);
        await page.goto(`${h.baseUrl}/dashboard/webhooks`);
        await page.getByRole('button', { name: `Enable ${TARGET_URL}` }).click();
        const row = page.getByRole('table', { name: 'Webhook targets' }).locator('tbody tr').first();
        await row.getByText('Active', { exact: true }).waitFor();
        // The target's history: created, then enabled by this admin.
        await page.getByRole('button', { name: `History of ${TARGET_URL}` }).click();
        const targetHistory = page.getByRole('region', { name: 'Target history' });
        await targetHistory.locator('tbody tr').first().waitFor();
        expect(await actions(page, 'history')).toEqual(['webhook_target.enabled', 'webhook_target.created']);
        expect(await targetHistory.locator('tbody tr').first().textContent()).toContain(ws.adminEmail);
        await quiet();
        await looksRight(page, `dashboard-audit-target${size.suffix}`);

        // The audit log, from the navigation (a menu on a phone): the three, newest first, by the admin.
        if (size.width < 720) await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
        await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
        await page.getByRole('table', { name: 'audit records', exact: true }).locator('tbody tr').first().waitFor();
        const listed = await actions(page);
        expect(listed.slice(0, 3)).toEqual(['webhook_target.enabled', 'api_key.revoked', 'transaction.status_changed']);
        // Before them, what the set-up did through the core (the system) and the workspace's creation.
        expect(listed).toContain('api_key.created');
        const table = page.getByRole('table', { name: 'audit records', exact: true });
        for (const i of [0, 1, 2]) expect(await table.locator('tbody tr').nth(i).textContent()).toContain(`${ws.adminEmail} (admin)`);
        await page.getByText(`1–${listed.length} of ${listed.length} · page 1 of 1`).waitFor();
        // A record opens on its changes: the key's name for context, its revocation time in the zone.
        await table.locator('tbody tr').nth(1).getByText('2 fields changed').click();
        await table.locator('tbody tr').nth(1).getByText(`Name: was ${KEY_NAME}`).waitFor();
        await table
          .locator('tbody tr')
          .nth(1)
          .getByText(/^Revoked at: — → [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}:\d{2} UTC$/)
          .waitFor();
        await quiet();
        await looksRight(page, `dashboard-audit-records${size.suffix}`);

        // A filter narrows the list to the revocation; the URL and the export links carry it.
        await page.getByRole('textbox', { name: 'Action', exact: true }).fill('api_key.revoked');
        await page.getByRole('button', { name: 'Apply filters' }).click();
        await until('the list to be filtered', async () => (await actions(page)).join() === 'api_key.revoked');
        expect(new URL(page.url()).searchParams.get('action')).toBe('api_key.revoked');
        for (const [label, file] of [
          ['Export CSV', 'audit-log.csv'],
          ['Export NDJSON', 'audit-log.ndjson'],
        ] as const) {
          expect(await page.getByRole('link', { name: label }).getAttribute('href')).toBe(
            `/dashboard/export/${file}?action=api_key.revoked`,
          );
        }
        await page.getByText('1–1 of 1').waitFor();
        // The actor's name filters by actor: with the action kept, still the one record.
        await table
          .locator('tbody tr')
          .first()
          .getByRole('link', { name: new RegExp(ws.adminEmail) })
          .click();
        await until('the actor filter', () => new URL(page.url()).searchParams.get('actorId') === ws.adminId);
        expect(await actions(page)).toEqual(['api_key.revoked']);
        // Nothing matches: the empty state says so and how to widen.
        await page.getByRole('textbox', { name: 'Action', exact: true }).fill('account.erased');
        await page.getByRole('button', { name: 'Apply filters' }).click();
        await page.getByText('No record matches these filters.').waitFor();
        await quiet();
        await looksRight(page, `dashboard-audit-empty${size.suffix}`);
        expect(rec.foreignRequests).toEqual([]);
        expect(rec.pageErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
        await rec.context.close();
      });
    }

    it('an analyst has no audit log entry, no history on the objects, and the page refuses them in words', async () => {
      const ws = await workspace('analyst');
      const { page, rec } = await signIn(ws.analystToken, 1280, 900);
      const quiet = networkQuiet(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Transactions' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
      await page.goto(`${h.baseUrl}/dashboard/audit-log`);
      await page.getByText('The audit log is for admins.').waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      await page.goto(`${h.baseUrl}/dashboard/transactions/${ws.tx.id}`);
      await page.getByRole('region', { name: 'Status history' }).waitFor();
      await quiet();
      expect(await page.getByRole('region', { name: 'History', exact: true }).count()).toBe(0);
      // The server refuses them too, whatever the page shows.
      const answer = await page.evaluate(async () => (await fetch('/trpc/auditLog.list', { headers: { 'x-fas-csrf': '1' } })).status);
      expect(answer).toBe(403);
      await rec.context.close();
    });

    it.each(
      SIZES,
    )('a holder the provider rejected (REST sandbox outcome) reads as Rejected with no next step, at $width px', async (size) => {
      const ws = await workspaceFactory(h.deps, `Rejected ${size.name}`);
      const { accountId } = await createAccount(ws.ctx, { type: 'individual', email: `rejected-${size.name}@example.com` });
      await submitBankingVerification(ws.ctx, submission(accountId));
      await requestBankingVerification(ws.ctx, { accountId });
      const res = await poster(h, ws.apiKey)(`/api/v2/simulations/kyc/${accountId}/outcome`, { outcome: 'rejected' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('rejected');
      const { page, rec } = await signIn(ws.adminToken, size.width, size.height);
      const quiet = networkQuiet(page);
      await page.goto(`${h.baseUrl}/dashboard/accounts/${accountId}`);
      // The badge beside the title, in words and in the "bad" tone.
      const badge = page.locator('.page-head .status', { hasText: 'Rejected' });
      await badge.waitFor();
      expect(await badge.getAttribute('class')).toContain('status-bad');
      const kyc = page.getByRole('region', { name: 'Identity verification (KYC)' });
      const next = kyc.locator('.next-steps');
      await next.getByRole('heading', { name: 'Next step' }).waitFor();
      expect(await next.textContent()).toMatch(/None: the provider rejected this holder\. The account is closed for good/);
      // Nothing is offered that the server would refuse.
      expect(await kyc.getByRole('button', { name: /Send to the provider|Sandbox: / }).count()).toBe(0);
      // The account's history names the decision and the API key that asked for it.
      const history = page.getByRole('region', { name: 'History', exact: true });
      const decided = history.locator('tbody tr', { hasText: 'kyc.verification_decided' });
      await decided.waitFor();
      expect(await decided.textContent()).toMatch(/API key/);
      await decided.getByText('1 field changed').click();
      await decided.getByText(/^Status: \w+ → rejected$/).waitFor();
      await quiet();
      await looksRight(page, `dashboard-audit-rejected${size.suffix}`);
      expect(rec.foreignRequests).toEqual([]);
      await rec.context.close();
    });
  },
);
