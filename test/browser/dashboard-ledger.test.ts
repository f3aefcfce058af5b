import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTransactions } from '../../src/core/transactions/list-transactions.js';
import {
  chromiumAvailable,
  type RecordingContext,
  releaseBrowser,
  saveScreenshot,
  seriousAxeViolations,
  sharedBrowser,
  sharedDashboardPage,
} from '../support/browser.js';
import { type Harness, startHarness } from '../support/harness.js';
import { assertDashboardBuilt, seedDashboard } from './dashboard-seed.js';

// Balances and the statement on the account page, a transaction's entries, the list's direction.
describe.skipIf(!chromiumAvailable() && !process.env.CI)('the dashboard shows the ledger', () => {
  let h: Harness;
  let browser: Browser;
  let seed: Awaited<ReturnType<typeof seedDashboard>>;
  let rec: RecordingContext;

  beforeAll(async () => {
    assertDashboardBuilt();
    h = await startHarness();
    seed = await seedDashboard(h);
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await h?.close();
  });

  // One signed-in page for the file, resized and sent to each test's page: the tests only read the
  // seed, and a new context with a sign-in per test cost more than what each checks. The context
  // closes with the file (releaseBrowser).
  const shared = sharedDashboardPage(
    () => browser,
    () => h.baseUrl,
    () => seed.adminToken,
  );
  const open = async (width: number, to: string): Promise<Page> => {
    const signedIn = await shared(width, 900, to);
    rec = signedIn.rec;
    return signedIn.page;
  };
  const rows = (p: Page, name: string) =>
    p
      .getByRole('table', { name, exact: true })
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));

  it.each([1280, 390])('the account page at %i px: balances per currency and the statement with running balances', async (width) => {
    const page = await open(width, `/dashboard/accounts/${seed.alice}`);
    await page.getByRole('heading', { name: 'Balances' }).waitFor();
    await page.getByRole('table', { name: 'Balances', exact: true }).locator('tbody tr').first().waitFor();
    const balances = await rows(page, 'Balances');
    expect(balances.map((r) => r[0])).toEqual(['BTC', 'USD']);
    await page.getByRole('table', { name: "the account's ledger entries", exact: true }).locator('tbody tr').first().waitFor();
    const statement = await rows(page, "the account's ledger entries");
    expect(statement.length).toBeGreaterThan(3);
    expect(statement.some((r) => r.includes('Opening balance'))).toBe(true);
    expect(statement.some((r) => r.some((c) => c.startsWith('Hold (Pending)')))).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, `dashboard-account-ledger-${width}`, { fullPage: true });
    expect(rec.foreignRequests).toEqual([]);
  });

  it.each([1280, 390])("a transaction's ledger entries at %i px, and the list's direction", async (width) => {
    const { data } = await listTransactions(seed.ctx, { accountId: seed.alice, transactionType: 'trade' });
    const trade = data[0]!;
    const page = await open(width, `/dashboard/transactions/${trade.id}`);
    await page.getByRole('table', { name: 'Ledger entries', exact: true }).locator('tbody tr').first().waitFor();
    const entries = await rows(page, 'Ledger entries');
    expect(entries).toHaveLength(2);
    expect(entries.flat().join(' ')).toContain('Trading desk');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, `dashboard-transaction-entries-${width}`, { fullPage: true });
    await page.goto(`${h.baseUrl}/dashboard/transactions`);
    await page
      .getByRole('columnheader', { name: 'Direction' })
      .first()
      .waitFor({ state: width > 720 ? 'visible' : 'attached' });
    expect(rec.foreignRequests).toEqual([]);
  });
});
