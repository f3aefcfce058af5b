import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_ENUMS } from '../../src/core/generated/contract-facts.js';
import { SCALE } from '../../src/core/transactions/catalog.js';
import { chromiumAvailable, type RecordingContext, recordingContext, releaseBrowser, sharedBrowser } from '../support/browser.js';
import { type Harness, startHarness } from '../support/harness.js';
import { until } from '../support/until.js';
import { assertDashboardBuilt, seedDashboard } from './dashboard-seed.js';

// The transactions page's every control in browsers whose time zone is not UTC, bookmarks, the
// export links, the messages people read when a value is refused, and what a busy server does.
describe.skipIf(!chromiumAvailable() && !process.env.CI)('dashboard filters, time zones and errors in chromium', () => {
  let h: Harness;
  let browser: Browser;
  let seed: Awaited<ReturnType<typeof seedDashboard>>;

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

  /** A signed-in page in a browser set to `timezoneId`; uncaught errors are collected apart. */
  async function signedIn(timezoneId: string): Promise<{ rec: RecordingContext; page: Page; uncaught: string[] }> {
    const rec = await recordingContext(browser, h.baseUrl, { viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId });
    const page = await rec.newPage();
    page.setDefaultTimeout(20_000);
    const uncaught: string[] = [];
    page.on('pageerror', (e) => uncaught.push(e.message));
    await page.goto(`${h.baseUrl}/dashboard`);
    await page.getByLabel('Admin or analyst token').fill(seed.adminToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    return { rec, page, uncaught };
  }
  const rows = (page: Page) => page.getByRole('table', { name: 'transactions' }).locator('tbody tr');
  /** Apply: the URL takes the new values and the list its new rows (from the server or its cache). */
  const apply = async (page: Page) => {
    const before = page.url();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((u) => u.href !== before);
    await page.waitForFunction(() => !document.querySelector('main table[aria-busy="true"], main .loading'));
  };

  it(
    'one time-zone preference for the whole dashboard: chosen in the top bar, used on every page, remembered after a reload',
    {
      timeout: 120_000,
    },
    async () => {
      const { rec, page, uncaught } = await signedIn('America/New_York');
      const picker = page.getByLabel('Times in');
      expect(await picker.inputValue()).toBe('utc');
      await page.goto(`${h.baseUrl}/dashboard/accounts/${seed.alice}`);
      const firstTime = page.locator('main time').first();
      await firstTime.waitFor();
      expect(await firstTime.textContent()).toMatch(/UTC$/);
      await picker.selectOption('local');
      // Every date of the page is drawn again in the browser's zone (EST/EDT), no reload needed.
      await until('the account page in local time', async () => /E[SD]T$/.test((await firstTime.textContent()) ?? ''));
      await page.reload();
      await firstTime.waitFor();
      expect(await page.getByLabel('Times in').inputValue()).toBe('local');
      expect(await firstTime.textContent()).toMatch(/E[SD]T$/);
      // The transactions list, reached by a link without ?tz=, follows the preference too.
      await page.goto(`${h.baseUrl}/dashboard/transactions`);
      await rows(page).first().waitFor();
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(await page.getByRole('radio', { name: `Local (${zone})` }).isChecked()).toBe(true);
      expect(await rows(page).first().locator('time').textContent()).toMatch(/E[SD]T$/);
      // Applying the filters with UTC makes UTC the dashboard's zone again.
      await page.getByLabel('UTC', { exact: true }).check();
      await apply(page);
      expect(await page.getByLabel('Times in').inputValue()).toBe('utc');
      expect(uncaught).toEqual([]);
      await rec.context.close();
    },
  );

  for (const [timezoneId, start, end] of [
    ['America/Los_Angeles', '2026-11-01T00:00:00-07:00', '2026-11-03T23:59:59-08:00'],
    ['Asia/Kolkata', '2026-11-01T00:00:00+05:30', '2026-11-03T23:59:59+05:30'],
  ] as const) {
    it(
      `in ${timezoneId}: the Local zone shows, and every option of every control applies without a script error`,
      { timeout: 180_000 },
      async () => {
        const { rec, page, uncaught } = await signedIn(timezoneId);
        // The zone as the browser names it (ICU may say Asia/Calcutta for Asia/Kolkata).
        const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
        expect(zone.replace('Calcutta', 'Kolkata')).toBe(timezoneId);
        // A bookmarked Local view (it used to render a white page).
        await page.goto(`${h.baseUrl}/dashboard/transactions?tz=local`);
        await page.getByRole('columnheader', { name: `Created (${zone})` }).waitFor();
        expect(await rows(page).count()).toBe(6);
        expect(await page.getByLabel(`Local (${zone})`).isChecked()).toBe(true);
        // Dates: the local offset goes into the URL (RFC 3339), and the rows are that local window.
        await page.getByLabel('From', { exact: true }).fill('2026-11-01T00:00:00');
        await page.getByLabel('To', { exact: true }).fill('2026-11-03T23:59:59');
        await apply(page);
        expect(new URL(page.url()).searchParams.get('startDate')).toBe(start);
        expect(new URL(page.url()).searchParams.get('endDate')).toBe(end);
        await until('3 rows', async () => (await rows(page).count()) === 3);
        // Switching the zone keeps the same instants: the inputs now show them in UTC.
        await page.getByLabel('UTC', { exact: true }).check();
        expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(new Date(start).toISOString().slice(0, 16));
        await apply(page);
        await page.getByRole('columnheader', { name: 'Created (UTC)' }).waitFor();
        expect(new URL(page.url()).searchParams.get('startDate')).toBe(`${new Date(start).toISOString().slice(0, 19)}Z`);
        expect(await rows(page).count()).toBe(3);
        await page.getByLabel(`Local (${zone})`).check();
        await apply(page);
        // Every option of every select, one after the other.
        const selects: [string, readonly string[]][] = [
          ['Type', CONTRACT_ENUMS.TransactionType],
          ['Status', CONTRACT_ENUMS.TransactionStatus],
          ['Currency', Object.keys(SCALE)],
          ['Per page', ['25', '50', '100']],
        ];
        for (const [label, values] of selects) {
          for (const value of [...values, ...(label === 'Per page' ? [] : [''])]) {
            await page.getByLabel(label, { exact: true }).selectOption(value);
            await apply(page);
            await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
          }
        }
        // Text filters, then clearing everything.
        await page.getByLabel('Search').fill('inv-0001');
        await page.getByLabel('Account id').fill(seed.alice);
        await apply(page);
        await page.getByRole('link', { name: 'Clear filters' }).click();
        await until('every row back', async () => (await rows(page).count()) === 6);
        expect(new URL(page.url()).searchParams.get('tz')).toBe('local');
        expect(uncaught).toEqual([]);
        expect(rec.pageErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
        await rec.context.close();
      },
    );
  }

  it('a bookmarked URL with every filter restores the view, and the export link carries those filters (REST names only)', async () => {
    const { rec, page } = await signedIn('Asia/Kolkata');
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const filters = {
      search: 'inv-0001',
      accountId: seed.alice,
      transactionType: 'bank',
      status: 'pending',
      coin: 'usd',
      startDate: '2026-11-01T00:00:00+05:30',
      endDate: '2026-11-02T05:30:00+05:30',
    };
    await page.goto(`${h.baseUrl}/dashboard/transactions?${new URLSearchParams({ ...filters, tz: 'local', limit: '25' })}`);
    await until('the one match', async () => (await rows(page).count()) === 1);
    expect(await page.getByLabel('Search').inputValue()).toBe('inv-0001');
    expect(await page.getByLabel('Account id').inputValue()).toBe(seed.alice);
    expect(await page.getByLabel('Type', { exact: true }).inputValue()).toBe('bank');
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('pending');
    expect(await page.getByLabel('Currency', { exact: true }).inputValue()).toBe('USD');
    expect(await page.getByLabel(`Local (${zone})`).isChecked()).toBe(true);
    // Chromium drops ":00" seconds from a datetime-local value.
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('2026-11-01T00:00');
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('2026-11-02T05:30');
    expect(await page.getByLabel('Per page').inputValue()).toBe('25');
    const link = page.getByRole('link', { name: 'Export CSV' });
    expect(await link.getAttribute('download')).toBe('transactions.csv');
    const href = new URL((await link.getAttribute('href')) ?? '', h.baseUrl);
    expect(href.pathname).toBe('/dashboard/export/transactions.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual(filters);
    // Accounts: the same, with its own filters.
    await page.goto(`${h.baseUrl}/dashboard/accounts?search=alice&status=active&page=1`);
    await page.getByRole('table', { name: 'accounts' }).locator('tbody tr').first().waitFor();
    const accounts = new URL((await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) ?? '', h.baseUrl);
    expect(accounts.pathname).toBe('/dashboard/export/accounts.csv');
    expect(Object.fromEntries(accounts.searchParams)).toEqual({ search: 'alice', status: 'active' });
    await rec.context.close();
  });

  it('refused values are said in words next to the field, or for a bookmark in a message naming it; an empty result says so', async () => {
    const { rec, page } = await signedIn('UTC');
    await page.goto(`${h.baseUrl}/dashboard/transactions`);
    await rows(page).first().waitFor();
    const url = page.url();
    await page.getByLabel('Search').fill('ab');
    await page.getByLabel('Account id').fill('abc');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('Type at least 3 characters').waitFor();
    await page.getByText('Enter a whole account id').waitFor();
    expect(await page.getByLabel('Search').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toBe(url);
    await page.goto(`${h.baseUrl}/dashboard/transactions?search=ab&status=bogus`);
    const alert = page.getByRole('alert');
    await alert.getByText('Please check these values:').waitFor();
    expect(await alert.textContent()).toContain('Search: Type at least 3 characters');
    expect(await alert.textContent()).toMatch(/Status: Choose one of: pending, processing/);
    expect(await page.textContent('body')).not.toMatch(/VALIDATION_FAILED|must be at least/);
    await page.goto(`${h.baseUrl}/dashboard/transactions?search=nothing-like-this`);
    await page.getByText('No transaction matches these filters.').waitFor();
    await page.goto(`${h.baseUrl}/dashboard/accounts/6f1c2a9e-0000-4000-8000-000000000000`);
    await page.getByRole('alert').getByText('Not found: it does not exist in this workspace').waitFor();
    await page.getByRole('alert').getByRole('link', { name: 'Back to the overview' }).waitFor();
    await rec.context.close();
  });

  it('a 503 or 429 with Retry-After is retried before anything is shown; a 503 without it is an error in words', async () => {
    const { rec, page } = await signedIn('UTC');
    for (const status of [503, 429]) {
      let refused = 0;
      await page.route('**/trpc/transactions.list*', async (route) => {
        if (refused++ > 0) return route.continue();
        const code = status === 503 ? 'OVERLOADED' : 'RATE_LIMITED';
        const body = [
          { error: { message: 'busy', code: -32603, data: { code, httpStatus: status, errors: [], path: 'transactions.list' } } },
        ];
        return route.fulfill({ status, headers: { 'retry-after': '1', 'content-type': 'application/json' }, body: JSON.stringify(body) });
      });
      await page.goto(`${h.baseUrl}/dashboard/transactions?limit=25`);
      await rows(page).first().waitFor();
      expect(refused).toBe(2);
      expect(await page.getByRole('alert').count()).toBe(0);
      await page.unroute('**/trpc/transactions.list*');
    }
    await page.route('**/trpc/transactions.list*', (route) =>
      route.fulfill({
        status: 503,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([
          {
            error: { message: 'busy', code: -32603, data: { code: 'OVERLOADED', httpStatus: 503, errors: [], path: 'transactions.list' } },
          },
        ]),
      }),
    );
    await page.goto(`${h.baseUrl}/dashboard/transactions?limit=50`);
    await page.getByRole('alert').getByText('The server is busy right now; wait a moment and try again.').waitFor();
    await rec.context.close();
  });

  it('a page that fails to render shows what went wrong and a way back, and the rest of the app keeps working', async () => {
    const rec = await recordingContext(browser, h.baseUrl, { viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const page = await rec.newPage();
    // An engine that refuses a date option, as once happened with dateStyle + timeZoneName.
    await page.addInitScript(() => {
      const Original = Intl.DateTimeFormat;
      const Refusing = function (this: unknown, locale?: string, options?: Intl.DateTimeFormatOptions) {
        if (options?.timeZoneName) throw new TypeError('Invalid option : option');
        return new Original(locale, options);
      } as unknown as typeof Intl.DateTimeFormat;
      Refusing.supportedLocalesOf = Original.supportedLocalesOf;
      Object.setPrototypeOf(Refusing, Original);
      Intl.DateTimeFormat = Refusing;
    });
    await page.goto(`${h.baseUrl}/dashboard/transactions`);
    await page.getByLabel('Admin or analyst token').fill(seed.adminToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'This page could not be shown' }).waitFor();
    await page.getByText('Invalid option : option').waitFor();
    await page.getByRole('link', { name: 'Back to the overview' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByRole('table', { name: 'Transactions per day' }).waitFor();
    await rec.context.close();
  });

  it('the skip link is the first stop of the keyboard and moves focus to the page', async () => {
    const { rec, page } = await signedIn('UTC');
    await page.goto(`${h.baseUrl}/dashboard/accounts`);
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await page.title()).toBe('Accounts · FAS dashboard');
    await rec.context.close();
  });
});
