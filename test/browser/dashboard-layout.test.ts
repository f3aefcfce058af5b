import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookTarget } from '../../src/core/webhooks/create-webhook-target.js';
import { Dispatcher } from '../../src/core/webhooks/dispatch/dispatcher.js';
import { ensureSigningKey } from '../../src/core/webhooks/rotate-signing-key.js';
import { httpWebhookSender } from '../../src/server/http-webhook-sender.js';
import { activeAccount } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import {
  chromiumAvailable,
  networkQuiet,
  type RecordingContext,
  recordingContext,
  releaseBrowser,
  saveScreenshot,
  seriousAxeViolations,
  sharedBrowser,
} from '../support/browser.js';
import { type Harness, startHarness } from '../support/harness.js';
import { startReceiver } from '../support/receiver.js';
import { until } from '../support/until.js';
import { assertDashboardBuilt, seedDashboard, seedLargeDeposit } from './dashboard-seed.js';
import { GOOD_LAYOUT, layoutReport } from './layout-checks.js';

// Every dashboard page at a laptop's width and a phone's, as a person would check them: nothing
// wider than the window, no text over text, labels in words, at most 3 requests to /trpc per page
// load, no serious accessibility violation. `npm run screenshots` also saves each page at both sizes.
const SIZES = [
  { name: 'laptop', width: 1280, height: 900, suffix: '' },
  { name: 'phone', width: 390, height: 844, suffix: '-phone' },
] as const;

describe.skipIf(!chromiumAvailable() && !process.env.CI)('every dashboard page at 1280 px and 390 px', () => {
  let h: Harness;
  let browser: Browser;
  let seed: Awaited<ReturnType<typeof seedDashboard>>;
  let pages: { name: string; path: string; ready: (p: Page) => Promise<unknown> }[] = [];
  const sender = httpWebhookSender({ timeoutMs: 5_000, allowInsecure: true });
  const receiver = startReceiver((_r, res) => res.writeHead(204).end());
  let dispatcher: Dispatcher;

  beforeAll(async () => {
    assertDashboardBuilt();
    h = await startHarness({ allowInsecureWebhooks: true });
    await ensureSigningKey(h.deps);
    const rx = await receiver;
    // The target exists before the seed, so the seed's events are delivered (succeeded deliveries with attempts).
    const ws = await workspaceFactory(h.deps, 'Layout');
    await createWebhookTarget(ws.ctx, { url: rx.url, description: 'Operations receiver' });
    seed = await seedDashboard(h, ws);
    const deposit = await seedLargeDeposit(seed.ctx, seed.alice);
    await activeAccount(seed.ctx, 'frank.with.a.rather.long.address@example-company.co.uk');
    dispatcher = new Dispatcher(h.deps, { sender, timeoutMs: 5_000, retry: { baseMs: 20, factor: 1, jitter: 0 }, pollMs: 20 });
    dispatcher.start();
    await until(
      'the deliveries to succeed',
      async () => (await h.deps.db.webhookDelivery.count({ where: { workspaceId: seed.workspaceId, status: 'succeeded' } })) >= 3,
      30_000,
    );
    const delivery = await h.deps.db.webhookDelivery.findFirstOrThrow({
      where: { workspaceId: seed.workspaceId },
      select: { id: true, eventId: true },
    });
    const tx = (type: 'trade' | 'crypto') =>
      h.deps.db.transaction.findFirstOrThrow({ where: { workspaceId: seed.workspaceId, transactionType: type }, select: { id: true } });
    const [trade, crypto] = [await tx('trade'), await tx('crypto')];
    const table = (p: Page, name: string) => p.getByRole('table', { name, exact: true }).locator('tbody tr').first().waitFor();
    pages = [
      { name: 'overview', path: '/dashboard', ready: (p) => table(p, 'Transactions per day') },
      { name: 'accounts', path: '/dashboard/accounts', ready: (p) => table(p, 'accounts') },
      { name: 'account', path: `/dashboard/accounts/${seed.alice}`, ready: (p) => table(p, 'crypto wallets') },
      {
        name: 'account-kyc',
        path: `/dashboard/accounts/${seed.erin}`,
        ready: async (p) => {
          await p.getByRole('img', { name: /Document \(front\)/ }).waitFor();
          // The previews load lazily: on a phone the balances push them below the fold, so bring
          // each into view (as a reader scrolling would) before the full-page screenshot.
          for (const img of await p.getByRole('img').all()) await img.scrollIntoViewIfNeeded();
          await p.evaluate(() => window.scrollTo(0, 0));
          await until('the previews to be drawn', () =>
            p.evaluate(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0)),
          );
        },
      },
      { name: 'transactions', path: '/dashboard/transactions', ready: (p) => table(p, 'transactions') },
      { name: 'transaction', path: `/dashboard/transactions/${deposit.id}`, ready: (p) => p.getByText('Intermediary Bank NA').waitFor() },
      { name: 'transaction-trade', path: `/dashboard/transactions/${trade.id}`, ready: (p) => p.getByText('Quote quantity').waitFor() },
      { name: 'transaction-crypto', path: `/dashboard/transactions/${crypto.id}`, ready: (p) => p.getByText('Network fee').waitFor() },
      { name: 'webhooks', path: '/dashboard/webhooks', ready: (p) => table(p, 'Signing keys') },
      { name: 'deliveries', path: '/dashboard/webhooks/deliveries', ready: (p) => table(p, 'deliveries') },
      { name: 'delivery', path: `/dashboard/webhooks/deliveries/${delivery.id}`, ready: (p) => table(p, 'Attempts') },
      { name: 'events', path: '/dashboard/events', ready: (p) => table(p, 'events') },
      { name: 'event', path: `/dashboard/events/${delivery.eventId}`, ready: (p) => p.locator('pre.payload').waitFor() },
      { name: 'api-keys', path: '/dashboard/api-keys', ready: (p) => table(p, 'API keys') },
      { name: 'audit-log', path: '/dashboard/audit-log', ready: (p) => table(p, 'audit records') },
      { name: 'settings', path: '/dashboard/settings', ready: (p) => p.getByLabel('Support email').waitFor() },
      { name: 'not-found', path: '/dashboard/no/such/page', ready: (p) => p.getByRole('heading', { name: 'Page not found' }).waitFor() },
    ];
    browser = await sharedBrowser();
  }, 120_000);
  afterAll(async () => {
    await dispatcher?.stop();
    await sender.close();
    await (await receiver).close();
    await releaseBrowser(browser);
    await h?.close();
  });

  const signIn = async (p: Page) => {
    await p.goto(`${h.baseUrl}/dashboard`);
    await p.getByLabel('Admin or analyst token').fill(seed.adminToken);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByRole('heading', { name: 'Overview' }).waitFor();
  };

  for (const size of SIZES) {
    it(
      `at ${size.width} px (${size.name}): fits, no text over text, words for labels, <= 3 /trpc requests per page`,
      { timeout: 240_000 },
      async () => {
        const rec: RecordingContext = await recordingContext(browser, h.baseUrl, {
          viewport: { width: size.width, height: size.height },
          locale: 'en-US',
          timezoneId: 'UTC',
        });
        const page = await rec.newPage();
        page.setDefaultTimeout(20_000);
        const quiet = networkQuiet(page);
        // The sign-in page first, before any session exists.
        await page.goto(`${h.baseUrl}/dashboard`);
        await page.getByRole('heading', { name: 'Sign in to the FAS dashboard' }).waitFor();
        expect(await layoutReport(page)).toEqual(GOOD_LAYOUT);
        await saveScreenshot(page, `dashboard-sign-in${size.suffix}`, { fullPage: true });
        await signIn(page);
        const requests: string[] = [];
        page.on('request', (r) => {
          if (new URL(r.url()).pathname.startsWith('/trpc/')) requests.push(new URL(r.url()).pathname);
        });
        const counts: Record<string, number> = {};
        for (const target of pages) {
          requests.length = 0;
          await page.goto(`${h.baseUrl}${target.path}`);
          await target.ready(page);
          await quiet();
          counts[target.name] = requests.length;
          expect(requests.length, `${target.name}: ${requests.join(' ')}`).toBeLessThanOrEqual(3);
          const report = await layoutReport(page);
          expect(report, target.name).toEqual(GOOD_LAYOUT);
          expect(await seriousAxeViolations(page), target.name).toEqual([]);
          await saveScreenshot(page, `dashboard-${target.name}${size.suffix}`, { fullPage: true });
        }
        console.log(`/trpc requests per page load at ${size.width} px: ${JSON.stringify(counts)}`);
        expect(rec.foreignRequests).toEqual([]);
        // Before signing in, the session check answers 401, which chromium logs as a failed load.
        expect(rec.pageErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
        await rec.context.close();
      },
    );
  }

  it('on a phone the navigation is a menu and every entry is reachable from it', { timeout: 60_000 }, async () => {
    const rec = await recordingContext(browser, h.baseUrl, { viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await rec.newPage();
    page.setDefaultTimeout(20_000);
    await signIn(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    for (const [label, heading] of [
      ['Accounts', 'Accounts'],
      ['Transactions', 'Transactions'],
      ['Webhooks', 'Webhooks'],
      ['Events', 'Events'],
      ['API keys', 'API keys'],
      ['Audit log', 'Audit log'],
      ['Settings', 'Settings'],
      ['Overview', 'Overview'],
    ] as const) {
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      const link = nav.getByRole('link', { name: label, exact: true });
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, label).toBe(true);
      await link.click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // The menu closes on its own, focus goes to the new page's heading, the title names the page:
      // each awaited (React does them after the heading is drawn; on a loaded machine the menu was
      // still open at the first look), each failing if it never happens.
      await nav.waitFor({ state: 'hidden', timeout: 5_000 });
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1', undefined, { timeout: 5_000 });
      await page.waitForFunction((t) => document.title === t, `${heading} · FAS dashboard`, { timeout: 5_000 });
      expect(await nav.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      expect(await page.title()).toBe(`${heading} · FAS dashboard`);
    }
    await page.getByRole('button', { name: 'Menu' }).click();
    await saveScreenshot(page, 'dashboard-menu-phone');
    await nav.getByRole('button', { name: 'Sign out' }).waitFor();
    // Before signing in, the session check answers 401, which chromium logs as a failed load.
    expect(rec.pageErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await rec.context.close();
  });
});
