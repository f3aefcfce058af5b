import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/core/accounts/create-account.js';
import { createWebhookTarget } from '../../src/core/webhooks/create-webhook-target.js';
import { createApiKey } from '../../src/core/workspaces/create-api-key.js';
import { workspaceFactory } from '../factories/workspace.js';
import { chromiumAvailable, releaseBrowser, saveScreenshot, sharedBrowser, sharedDashboardPage } from '../support/browser.js';
import { type Harness, startHarness } from '../support/harness.js';
import { assertDashboardBuilt } from './dashboard-seed.js';
import { GOOD_LAYOUT, layoutReport } from './layout-checks.js';

// One long value must not break a table: every text field filled at its contract maximum (a
// 254-character email, a 255-character reference and target description, a 100-character key
// name, a 2,048-character URL), then each page that lists them (and the audit log's records of
// them, opened) at 1280 and 390 px: nothing wider than the window, no text over text, and each
// row's actions inside the window.
const EMAIL = `${'e'.repeat(64)}@${'d'.repeat(63)}.${'o'.repeat(63)}.${'m'.repeat(57)}.com`; // 254
const REFERENCE = 'R'.repeat(255);
const KEY_NAME = 'K'.repeat(100);
const DESCRIPTION = 'D'.repeat(255);
const URL_2048 = `https://hooks.example.com/${'p'.repeat(2048 - 'https://hooks.example.com/'.length)}`;

describe.skipIf(!chromiumAvailable() && !process.env.CI)('tables hold values at their maximum length', () => {
  let h: Harness;
  let browser: Browser;
  let token: string;
  let accountId: string;
  beforeAll(async () => {
    assertDashboardBuilt();
    h = await startHarness();
    const ws = await workspaceFactory(h.deps, 'Long values');
    token = ws.adminToken;
    expect(EMAIL).toHaveLength(254);
    expect(URL_2048).toHaveLength(2048);
    accountId = (await createAccount(ws.ctx, { type: 'individual', email: EMAIL, reference: REFERENCE })).accountId;
    await createAccount(ws.ctx, { type: 'business', email: 'short@example.com' });
    await createApiKey(ws.ctx, { name: KEY_NAME });
    await createWebhookTarget(ws.ctx, { url: URL_2048, description: DESCRIPTION });
    browser = await sharedBrowser();
  }, 120_000);
  afterAll(async () => {
    await releaseBrowser(browser);
    await h?.close();
  });

  /** Every button and link of each row of `table` lies inside the window, horizontally. */
  async function actionsInside(page: Page, table: string, width: number): Promise<string[]> {
    const outside: string[] = [];
    for (const el of await page.getByRole('table', { name: table, exact: true }).locator('tbody tr').locator('button, a').all()) {
      const box = await el.boundingBox();
      if (box && (box.x < 0 || box.x + box.width > width + 1))
        outside.push(`${(await el.textContent())?.slice(0, 40)} at x=${Math.round(box.x)}`);
    }
    return outside;
  }

  // One signed-in page for the file, resized for each size: the tests only read what beforeAll
  // made, and a context with a sign-in (and the overview it lands on) per size cost more than it
  // checks. The context closes with the file (releaseBrowser).
  const signedInAt = sharedDashboardPage(
    () => browser,
    () => h.baseUrl,
    () => token,
  );

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    it(
      `at ${width} px: accounts, account, API keys, webhooks and audit log pages fit with every action in the window`,
      { timeout: 120_000 },
      async () => {
        const { rec, page } = await signedInAt(width, height);
        const pages: [string, string, string | null][] = [
          ['accounts', '/dashboard/accounts', 'accounts'],
          ['account', `/dashboard/accounts/${accountId}`, null],
          ['api-keys', '/dashboard/api-keys', 'API keys'],
          ['webhooks', '/dashboard/webhooks', 'Webhook targets'],
          ['audit-log', '/dashboard/audit-log', 'audit records'],
        ];
        for (const [name, path, table] of pages) {
          await page.goto(`${h.baseUrl}${path}`);
          await page.locator('main h1').waitFor();
          await page.waitForFunction(() => !document.querySelector('main .loading'));
          if (table) await page.getByRole('table', { name: table, exact: true }).locator('tbody tr').first().waitFor();
          else
            await page
              .locator('main')
              .getByText(name === 'account' ? REFERENCE.slice(0, 20) : DESCRIPTION.slice(0, 20))
              .first()
              .waitFor();
          // The audit records opened: the key's name and the target's URL and description as recorded.
          if (name === 'audit-log') for (const record of await page.locator('details.audit-changes summary').all()) await record.click();
          expect(await layoutReport(page), `${name} at ${width} px`).toEqual(GOOD_LAYOUT);
          if (table) expect(await actionsInside(page, table, width), `${name} at ${width} px`).toEqual([]);
          await saveScreenshot(page, `dashboard-long-${name}${width === 390 ? '-phone' : ''}`, { fullPage: true });
        }
        // A cut value is whole in its title and copyable.
        await page.goto(`${h.baseUrl}/dashboard/api-keys`);
        const name = page.getByRole('table', { name: 'API keys', exact: true }).locator('.clip-text', { hasText: KEY_NAME.slice(0, 10) });
        expect(await name.getAttribute('title')).toBe(KEY_NAME);
        await page.getByRole('button', { name: 'Copy key name' }).first().waitFor();
        // The sign-in page's session check answers 401 before signing in.
        expect(rec.pageErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
      },
    );
  }
});
