import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dispatcher } from '../../src/core/webhooks/dispatcher.js';
import { ensureSigningKey } from '../../src/core/webhooks/signing-keys.js';
import { httpWebhookSender } from '../../src/server/http-webhook-sender.js';
import {
  chromiumAvailable,
  launchBrowser,
  type RecordingContext,
  recordingContext,
  saveScreenshot,
  seriousAxeViolations,
} from '../support/browser.js';
import { type Harness, poster, rawRequest, startHarness } from '../support/harness.js';
import { startReceiver } from '../support/receiver.js';
import { until } from '../support/until.js';
import { assertDashboardBuilt, seedDashboard } from './dashboard-seed.js';

// One server on seeded data, one browser; the tests run in order as one operator's session would.
describe.skipIf(!chromiumAvailable() && !process.env.CI)('the dashboard in chromium', () => {
  let h: Harness;
  let browser: Browser;
  let seed: Awaited<ReturnType<typeof seedDashboard>>;
  let rec: RecordingContext;
  let page: Page;
  const sender = httpWebhookSender({ timeoutMs: 5_000, allowInsecure: true });
  let dispatcher: Dispatcher;
  const receiver = startReceiver((_r, res) => res.writeHead(500).end('down for maintenance'));

  beforeAll(async () => {
    assertDashboardBuilt();
    h = await startHarness({ allowInsecureWebhooks: true });
    await ensureSigningKey(h.deps);
    seed = await seedDashboard(h);
    dispatcher = new Dispatcher(h.deps, { sender, timeoutMs: 5_000, retry: { baseMs: 20, factor: 1, jitter: 0 }, pollMs: 20 });
    dispatcher.start();
    browser = await launchBrowser();
    rec = await recordingContext(browser, h.baseUrl, { viewport: { width: 1280, height: 900 } });
    page = await rec.newPage();
  });
  afterAll(async () => {
    await dispatcher?.stop();
    await sender.close();
    await (await receiver).close();
    await browser?.close();
    await h?.close();
  });

  const url = (p: string) => `${h.baseUrl}${p}`;
  const h1 = () => page.getByRole('heading', { level: 1 });
  const checkPage = async (name: string) => {
    expect(await seriousAxeViolations(page), name).toEqual([]);
    await saveScreenshot(page, `dashboard-${name}`, { fullPage: true });
  };
  const rows = () => page.locator('main table').first().locator('tbody tr');

  it('signs in: a wrong token gets a clear message, the right one a session cookie (HttpOnly, SameSite=Strict), not storage', async () => {
    await page.goto(url('/dashboard'));
    await expect(h1().textContent()).resolves.toBe('Sign in to the FAS dashboard');
    await checkPage('sign-in');
    await page.getByLabel('Admin or analyst token').fill(`fas_at_${'x'.repeat(32)}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('not valid').waitFor();
    await page.getByLabel('Admin or analyst token').fill(seed.adminToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const [cookie] = await rec.context.cookies();
    expect(cookie).toMatchObject({ name: 'fas_session', httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.value).not.toContain(seed.adminToken);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(stored).not.toContain('fas_at_');
    await page.getByText('Sandbox').first().waitFor();
  });

  it('the overview shows accounts by status, the 30-day chart and webhook figures', async () => {
    const active = page.locator('section', { hasText: 'Accounts by status' }).locator('tbody tr');
    await expect(active.first().textContent()).resolves.toBe('active2');
    await page.getByRole('img', { name: /Transactions per day/ }).waitFor();
    // Volume per coin: the two bank transfers (100.00 + 250.00 USD) add up, other coins stay apart.
    await page.getByRole('img', { name: 'Volume in BTC per day for the last 30 days, by type' }).waitFor();
    const volume = page.getByRole('table', { name: /Volume per coin and type/ }).locator('tbody tr');
    const cells = await volume.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(cells).toEqual([
      ['BTC', 'trade', '2', '0.02 BTC'],
      ['ETH', 'crypto', '2', '1 ETH'],
      ['USD', 'bank', '2', '350 USD'],
    ]);
    await page.getByRole('combobox', { name: 'Coin' }).selectOption('USD');
    await page.getByRole('img', { name: /Volume in USD per day/ }).waitFor();
    await checkPage('overview');
  });

  it('accounts: search filter in the URL, then the account page', async () => {
    await page.getByRole('link', { name: 'Accounts' }).click();
    await h1().getByText('Accounts').waitFor();
    await until('the four accounts to be listed', async () => (await rows().count()) === 4);
    await page.getByLabel('Search').fill('alice');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/\/dashboard\/accounts\?search=alice/);
    await until('step 1', async () => (await rows().count()) === 1);
    await checkPage('accounts');
    await page.getByRole('link', { name: 'alice@example.com' }).click();
    await page.getByRole('heading', { name: 'Account alice@example.com' }).waitFor();
    await page.getByText('No KYC data saved yet.').waitFor();
    const txRows = page.getByRole('table', { name: "the account's transactions" }).locator('tbody tr');
    await until('the page to show its transactions', async () => (await txRows.count()) === 3);
    await checkPage('account');
  });

  it('transactions: every filter goes to the URL under the REST names, dates carry an explicit offset', async () => {
    await page.goto(url('/dashboard/transactions'));
    await until('step 2', async () => (await rows().count()) === 6);
    await page.getByLabel('Type').selectOption('crypto');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/transactionType=crypto/);
    await until('step 3', async () => (await rows().count()) === 2);
    for (const text of await rows().locator('td:nth-child(2)').allTextContents()) expect(text).toBe('crypto');
    // UTC zone: 2026-11-01 .. 2026-11-03 inclusive by the minute.
    await page.getByLabel('Type').selectOption('');
    await page.getByLabel('UTC', { exact: true }).check();
    await page.getByLabel('From', { exact: true }).fill('2026-11-01T00:00:00');
    await page.getByLabel('To', { exact: true }).fill('2026-11-03T23:59:59');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/startDate=2026-11-01T00%3A00%3A00Z&endDate=2026-11-03T23%3A59%3A59Z/);
    await until('step 4', async () => (await rows().count()) === 3);
    await page.getByText('Created (UTC)').waitFor();
    await checkPage('transactions');
  });

  it('a bookmarked URL restores the view (filters, page and limit)', async () => {
    const other = await rec.newPage();
    await other.goto(url('/dashboard/transactions?transactionType=bank&limit=25&page=2'));
    await other.getByText('2 in total · page 2 of 1').waitFor();
    await other.goto(url('/dashboard/transactions?transactionType=bank&search=inv-0001'));
    await expect(other.getByLabel('Type').inputValue()).resolves.toBe('bank');
    await expect(other.getByLabel('Search').inputValue()).resolves.toBe('inv-0001');
    await until('step 5', async () => (await other.locator('main table tbody tr').count()) === 1);
    await other.locator('main table tbody tr a').first().click();
    await other.getByRole('heading', { name: /^Transaction .* \(bank, pending\)$/ }).waitFor();
    await other.getByRole('heading', { name: 'Status history' }).waitFor();
    await other.getByLabel('New status').selectOption('processing');
    await other.getByRole('button', { name: 'Change status' }).click();
    await other.getByRole('heading', { name: /\(bank, processing\)$/ }).waitFor();
    expect(await seriousAxeViolations(other)).toEqual([]);
    await saveScreenshot(other, 'dashboard-transaction', { fullPage: true });
    await other.close();
  });

  it('webhook targets: inline validation, create, edit, disabled by failing deliveries, enable, redeliver, delete', async () => {
    const rx = await receiver;
    await page.goto(url('/dashboard/webhooks'));
    await h1().getByText('Webhooks').waitFor();
    await page.locator('section', { hasText: 'Signing keys' }).getByRole('cell', { name: 'current' }).waitFor();
    const form = page.getByRole('form', { name: 'New target' });
    await form.getByLabel('URL').fill('ftp://example.com/hook');
    await form.getByRole('button', { name: 'Create target' }).click();
    await form.locator('#url-error').waitFor();
    await form.getByLabel('URL').fill(rx.url);
    await form.getByLabel('Description').fill('ops receiver');
    await form.getByRole('button', { name: 'Create target' }).click();
    await page.getByRole('link', { name: rx.url }).waitFor();
    await page.getByRole('button', { name: `Edit ${rx.url}` }).click();
    await page.getByRole('form', { name: 'Edit target' }).getByLabel('Description').fill('ops receiver (edited)');
    await page.getByRole('button', { name: 'Save target' }).click();
    await page.getByRole('cell', { name: 'ops receiver (edited)' }).waitFor();

    // An event the receiver refuses 6 times disables the target.
    expect((await poster(h, seed.apiKey)('/api/v2/accounts', { type: 'individual', email: 'carol@example.com' })).status).toBe(201);
    await until(
      'the target to be disabled',
      async () =>
        (await h.deps.db.webhookTarget.findFirst({ where: { workspaceId: seed.workspaceId }, select: { status: true } }))?.status ===
        'disabled',
      20_000,
    );
    await page.reload();
    await page.getByText(/disabled since .*: /).waitFor();
    await checkPage('webhooks');
    await page.getByRole('button', { name: `Enable ${rx.url}` }).click();
    await until('step 6', async () => (await page.getByRole('button', { name: `Enable ${rx.url}` }).count()) === 0);

    await page.getByRole('link', { name: 'Delivery log' }).click();
    await page.getByLabel('Status').selectOption('failed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/status=failed/);
    await until('step 7', async () => (await rows().count()) === 1);
    await checkPage('deliveries');
    await rows().first().locator('a').click();
    await page.getByRole('heading', { name: /^Delivery .* \(account_created, failed\)$/ }).waitFor();
    await expect(page.locator('section', { hasText: 'Attempts' }).locator('tbody tr').count()).resolves.toBe(6);
    await page.getByText('down for maintenance').first().waitFor();
    await checkPage('delivery');
    rx.setResponder((_r, res) => res.writeHead(204).end());
    await page.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByRole('status').getByText('Queued for redelivery').waitFor();
    await page.getByRole('status').getByRole('link').click();
    await until(
      'the redelivery to succeed',
      async () => (await h.deps.db.webhookDelivery.count({ where: { workspaceId: seed.workspaceId, status: 'succeeded' } })) === 1,
      20_000,
    );
    await page.reload();
    await page.getByRole('heading', { name: /\(account_created, succeeded\)$/ }).waitFor();

    await page.goto(url('/dashboard/webhooks'));
    page.once('dialog', (d) => d.accept());
    await page.getByRole('button', { name: `Delete ${rx.url}` }).click();
    await until('step 8', async () => (await page.getByRole('link', { name: rx.url }).count()) === 0);
  }, 90_000);

  it('API keys: create (shown once), it works over REST, revoke stops it at once', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await h1().getByText('API keys').waitFor();
    await page.getByLabel('Name').fill('exporter');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-key').textContent()) ?? '';
    expect(key).toMatch(/^fas_sk_/);
    const get = () => rawRequest(h, 'GET', '/api/v2/accounts?limit=1', { headers: { authorization: `APIKey ${key}` } });
    expect((await get()).status).toBe(200);
    await checkPage('api-keys');
    page.once('dialog', (d) => d.accept());
    await page.getByRole('button', { name: 'Revoke exporter' }).click();
    await until('step 9', async () => (await page.getByRole('button', { name: 'Revoke exporter' }).count()) === 0);
    expect((await get()).status).toBe(401);
  });

  it('an analyst sees no mutating control, and the server refuses their mutations', async () => {
    const arec = await recordingContext(browser, h.baseUrl);
    const ap = await arec.newPage();
    await ap.goto(url('/dashboard/webhooks'));
    await ap.getByLabel('Admin or analyst token').fill(seed.analystToken);
    await ap.getByRole('button', { name: 'Sign in' }).click();
    await ap.getByRole('heading', { name: 'Webhooks' }).waitFor();
    expect(await ap.getByRole('button', { name: /Create target|Enable|Delete|Edit/ }).count()).toBe(0);
    await ap.goto(url('/dashboard/api-keys'));
    await ap.getByRole('table').waitFor();
    expect(await ap.getByRole('button', { name: /Create key|Revoke/ }).count()).toBe(0);
    const answer = await ap.evaluate(async () => {
      const r = await fetch('/trpc/apiKeys.create', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-fas-csrf': '1' },
        body: '{}',
      });
      return { status: r.status, body: await r.json() };
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error.data.code).toBe('FORBIDDEN');
    expect(arec.foreignRequests).toEqual([]);
    await arec.context.close();
  });

  it('signs out: back to sign-in, and the old cookie is dead server-side', async () => {
    const [before] = await rec.context.cookies();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the FAS dashboard' }).waitFor();
    const res = await fetch(url('/trpc/session.me'), { headers: { cookie: `fas_session=${before?.value}` } });
    expect(res.status).toBe(401);
  });

  it('deep links fall back to the app; assets are immutable, HTML is not cached', async () => {
    const deep = await fetch(url('/dashboard/transactions/whatever?status=completed'));
    expect(deep.status).toBe(200);
    expect(deep.headers.get('cache-control')).toBe('no-cache');
    expect(deep.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await deep.text();
    const asset = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const js = await fetch(url(asset ?? ''));
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Initial JavaScript (everything index.html loads) stays within 300 KB gzipped.
    const gz = gzipSync(Buffer.from(await js.arrayBuffer())).byteLength;
    console.log(`dashboard initial JS: ${(gz / 1024).toFixed(1)} KB gzipped`);
    expect(gz).toBeLessThanOrEqual(300 * 1024);
    expect((await fetch(url('/dashboard/assets/nope.js'))).status).toBe(404);
    expect((await fetch(url('/dashboard/assets/..%2f..%2fpackage.json'))).status).toBe(404);
  });

  it('no page asked another origin for anything, and no script error happened', () => {
    expect(rec.foreignRequests).toEqual([]);
    // 401/403 answers the tests provoke are logged by chromium as failed resource loads.
    expect(rec.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
