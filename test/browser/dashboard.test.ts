import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dispatcher } from '../../src/core/webhooks/dispatch/dispatcher.js';
import { ensureSigningKey } from '../../src/core/webhooks/rotate-signing-key.js';
import { httpWebhookSender } from '../../src/server/http-webhook-sender.js';
import {
  chromiumAvailable,
  type RecordingContext,
  recordingContext,
  releaseBrowser,
  seriousAxeViolations,
  sharedBrowser,
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
    browser = await sharedBrowser();
    rec = await recordingContext(browser, h.baseUrl, { viewport: { width: 1280, height: 900 } });
    page = await rec.newPage();
  });
  afterAll(async () => {
    await dispatcher?.stop();
    await sender.close();
    await (await receiver).close();
    await releaseBrowser(browser);
    await h?.close();
  });

  const url = (p: string) => `${h.baseUrl}${p}`;
  const h1 = () => page.getByRole('heading', { level: 1 });
  // The screenshots (README, docs/operations.md) come from dashboard-layout.test.ts (every page at both sizes).
  const checkPage = async (name: string) => {
    expect(await seriousAxeViolations(page), name).toEqual([]);
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

  const cellsOf = (name: string | RegExp) =>
    page
      .getByRole('table', { name })
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));

  it('the overview: accounts by status, charts with axes and a tooltip, figures per day as tables, one currency at a time', async () => {
    await expect(page.getByRole('table', { name: 'Accounts by status' }).locator('tbody tr').first().textContent()).resolves.toBe(
      'Active2',
    );
    // 90 days: the seed's fixed November days stay in range whatever today is.
    await page.getByLabel('90 days').check();
    await page.waitForURL(/\/dashboard\?days=90$/);
    await page.getByRole('heading', { name: 'Transactions per day, last 90 days' }).waitFor();
    await page.getByRole('img', { name: 'Transactions per day over the last 90 days, by type' }).waitFor();
    const perDay = await cellsOf('Transactions per day');
    expect(perDay.slice(-5)).toEqual([
      ['Nov 5, 2026', '0', '0', '1', '1'],
      ['Nov 4, 2026', '0', '1', '0', '1'],
      ['Nov 3, 2026', '0', '1', '0', '1'],
      ['Nov 2, 2026', '1', '0', '0', '1'],
      ['Nov 1, 2026', '1', '0', '0', '1'],
    ]);
    // The tooltip names the day under the pointer and its figures per type.
    const chart = page.getByRole('img', { name: /Transactions per day/ }).locator('.u-over');
    const box = await chart.boundingBox();
    if (!box) throw new Error('no chart');
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    const tooltip = page.locator('.chart-tooltip').first();
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toMatch(/\(UTC day\)Bank\d+Crypto\d+Trade\d+Total\d+$/);
    // Volume for one currency at a time: BTC holds the trades' quantity, never their USD fees.
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('BTC');
    expect(await cellsOf(/Volume in BTC by type/)).toEqual([['Trade', '2', '0.02000000 BTC', '0.00000000 BTC']]);
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
    await page.getByRole('img', { name: /Volume in USD per day/ }).waitFor();
    const usd = await cellsOf(/Volume in USD by type/);
    expect(usd[0]).toEqual(['Bank', '2', '350.00 USD', '0.50 USD']);
    // The trades' fees are in their quote currency (USD), counted under it, not as USD transactions.
    expect(usd[1]?.slice(0, 3)).toEqual(['Trade', '0', '0.00 USD']);
    expect(usd[1]?.[3]).toMatch(/^[1-9][\d,]*\.\d{2} USD$/);
    await checkPage('overview');
  });

  it('accounts: search filter in the URL, then the account page', async () => {
    await page.getByRole('link', { name: 'Accounts' }).click();
    await h1().getByText('Accounts').waitFor();
    await until('the five accounts to be listed', async () => (await rows().count()) === 5);
    await page.getByLabel('Search').fill('alice');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/\/dashboard\/accounts\?search=alice/);
    await until('step 1', async () => (await rows().count()) === 1);
    await checkPage('accounts');
    await page.getByRole('link', { name: 'alice@example.com' }).click();
    await page.getByRole('heading', { level: 1, name: 'alice@example.com' }).waitFor();
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
    for (const text of await rows().locator('td:nth-child(3)').allTextContents()) expect(text).toBe('Crypto');
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
    await other.getByRole('heading', { level: 1, name: 'Bank transaction 100.00 USD' }).waitFor();
    await other.locator('.page-head').getByText('Pending').waitFor();
    await other.getByRole('heading', { name: 'Status history' }).waitFor();
    await other.getByLabel('New status').selectOption('processing');
    await other.getByRole('button', { name: 'Review change' }).click();
    await other.getByRole('button', { name: 'Confirm: move to Processing' }).click();
    await other.locator('.page-head').getByText('Processing').waitFor();
    expect(await seriousAxeViolations(other)).toEqual([]);
    await other.close();
  });

  it('webhook targets: inline validation, event types, create, edit, disabled by failing deliveries, enable and recover, redeliver, delete', async () => {
    const rx = await receiver;
    await page.goto(url('/dashboard/webhooks'));
    await h1().getByText('Webhooks').waitFor();
    await page.getByRole('table', { name: 'Signing keys' }).getByRole('cell', { name: 'Current' }).waitFor();
    const form = page.getByRole('form', { name: 'New target' });
    await form.getByLabel('URL').fill('ftp://example.com/hook');
    await form.getByRole('button', { name: 'Create target' }).click();
    await form.locator('#new-url-error').waitFor();
    await form.getByLabel('URL').fill(rx.url);
    await form.getByLabel('Description').fill('ops receiver');
    // Subscriptions: no type chosen is the server's 400, shown by the checkboxes; then one type.
    await form.getByLabel('Every event type').uncheck();
    await form.getByRole('group', { name: 'KYC' }).waitFor();
    await form.getByRole('button', { name: 'Create target' }).click();
    await form.locator('#new-eventTypes-error').waitFor();
    await form.getByRole('group', { name: 'Accounts' }).getByLabel('Account created').check();
    await form.getByRole('button', { name: 'Create target' }).click();
    await page.getByRole('link', { name: rx.url }).waitFor();
    await page.getByRole('table', { name: 'Webhook targets' }).getByText('1 of 25').waitFor();
    expect(
      (await h.deps.db.webhookTarget.findFirst({ where: { workspaceId: seed.workspaceId }, select: { eventTypes: true } }))?.eventTypes,
    ).toEqual(['account_created']);
    // The form is ready for the next target: emptied, its error gone.
    await expect(form.getByLabel('URL').inputValue()).resolves.toBe('');
    await expect(form.getByLabel('Description').inputValue()).resolves.toBe('');
    expect(await form.locator('#new-url-error').count()).toBe(0);
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
    await page
      .getByText(/since .*: /)
      .first()
      .waitFor();
    await page.getByRole('table', { name: 'Webhook targets' }).getByText('Disabled', { exact: true }).waitFor();
    await checkPage('webhooks');
    await page.getByRole('button', { name: `Enable ${rx.url}` }).click();
    await until('step 6', async () => (await page.getByRole('button', { name: `Enable ${rx.url}` }).count()) === 0);

    // Enabled again, the page offers to resend what failed meanwhile.
    const recover = page.getByRole('form', { name: `Resend failed deliveries to ${rx.url}` });
    await expect(recover.getByLabel('Failed since (UTC, RFC 3339)').inputValue()).resolves.toMatch(/^\d{4}-\d\d-\d\dT/);
    await checkPage('webhooks-recover');
    rx.setResponder((_r, res) => res.writeHead(204).end());
    await recover.getByRole('button', { name: 'Resend failed deliveries' }).click();
    await recover.getByRole('status').getByText('1 delivery queued again.').waitFor();
    const succeeded = () =>
      h.deps.db.webhookDelivery.findFirst({ where: { workspaceId: seed.workspaceId }, select: { status: true, attempts: true } });
    await until('the recovered delivery to succeed', async () => (await succeeded())?.status === 'succeeded', 20_000);

    await page.getByRole('link', { name: 'Delivery log' }).click();
    await page.getByLabel('Status').selectOption('succeeded');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/status=succeeded/);
    await until('step 7', async () => (await rows().count()) === 1);
    await checkPage('deliveries');
    await rows().first().locator('a').first().click();
    await page.getByRole('heading', { level: 1, name: 'Delivery of account_created' }).waitFor();
    await page.locator('.page-head').getByText('Succeeded').waitFor();
    await expect(page.getByRole('table', { name: 'Attempts' }).locator('tbody tr').count()).resolves.toBe(7);
    await page.getByText('down for maintenance').first().waitFor();
    await checkPage('delivery');
    await page.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByRole('status').getByText('Queued again').waitFor();
    await until('the redelivery to succeed', async () => (await succeeded())?.attempts === 8, 20_000);
    await page.reload();
    await page.locator('.page-head').getByText('Succeeded').waitFor();
    await expect(page.getByRole('table', { name: 'Attempts' }).locator('tbody tr').count()).resolves.toBe(8);

    await page.goto(url('/dashboard/webhooks'));
    // A test send of another type than the target subscribes to: received, marked as a test.
    await page.getByRole('button', { name: `Test ${rx.url}` }).click();
    const test = page.getByRole('form', { name: `Send a test event to ${rx.url}` });
    await test.getByLabel('Event type').selectOption('kyc_needs_update');
    await test.getByRole('button', { name: 'Send test event' }).click();
    await test.getByText('Test sent as').waitFor();
    await checkPage('webhooks-test');
    await until(
      'the test send to arrive',
      async () => rx.received.some((r) => r.json.test === true && r.json.type === 'kyc_needs_update'),
      20_000,
    );
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
    // The "copy it now" banner went with the key.
    expect(await page.getByTestId('new-key').count()).toBe(0);
    expect(await page.getByText('copy it now').count()).toBe(0);
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
    await ap.getByRole('region', { name: 'Admins and analysts' }).waitFor();
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

    // The admin revokes the analyst in the Team section: the analyst's open session ends at once.
    const analyst = await h.deps.db.admin.findFirstOrThrow({
      where: { workspaceId: seed.workspaceId, role: 'analyst' },
      select: { email: true },
    });
    await page.goto(url('/dashboard/api-keys'));
    await page.getByRole('region', { name: 'Admins and analysts' }).waitFor();
    expect(await page.getByRole('button', { name: `Revoke ${seed.adminEmail}` }).count()).toBe(0);
    await checkPage('team');
    page.once('dialog', (d) => d.accept());
    await page.getByRole('button', { name: `Revoke ${analyst.email}` }).click();
    await until('analyst revoked', async () => (await page.getByRole('button', { name: `Revoke ${analyst.email}` }).count()) === 0);
    const me = await ap.evaluate(async () => (await fetch('/trpc/session.me')).status);
    expect(me).toBe(401);
    await arec.context.close();
  });

  it('signs out: back to sign-in, and the old cookie is dead server-side', async () => {
    const [before] = await rec.context.cookies();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the FAS dashboard' }).waitFor();
    const res = await fetch(url('/trpc/session.me'), { headers: { cookie: `fas_session=${before?.value}` } });
    expect(res.status).toBe(401);
  });

  it('no page asked another origin for anything, and no script error happened', () => {
    expect(rec.foreignRequests).toEqual([]);
    // 401/403 answers the tests provoke are logged by chromium as failed resource loads.
    expect(rec.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
