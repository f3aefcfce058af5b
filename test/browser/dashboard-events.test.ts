import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookTarget } from '../../src/core/webhooks/create-webhook-target.js';
import { Dispatcher } from '../../src/core/webhooks/dispatch/dispatcher.js';
import { ensureSigningKey } from '../../src/core/webhooks/rotate-signing-key.js';
import { httpWebhookSender } from '../../src/server/http-webhook-sender.js';
import { workspaceFactory } from '../factories/workspace.js';
import {
  chromiumAvailable,
  networkQuiet,
  releaseBrowser,
  saveScreenshot,
  seriousAxeViolations,
  sharedBrowser,
  sharedDashboardPage,
} from '../support/browser.js';
import { type Harness, startHarness } from '../support/harness.js';
import { startReceiver } from '../support/receiver.js';
import { assertDashboardBuilt, seedDashboard } from './dashboard-seed.js';
import { GOOD_LAYOUT, layoutReport } from './layout-checks.js';

const SIZES = [
  { name: 'laptop', width: 1280, height: 900, suffix: '' },
  { name: 'phone', width: 390, height: 844, suffix: '-phone' },
] as const;

// The events page (filters type/account/date), an event's payload, and the way there from a delivery.
describe.skipIf(!chromiumAvailable() && !process.env.CI)('the dashboard events page at 1280 px and 390 px', () => {
  let h: Harness;
  let browser: Browser;
  let seed: Awaited<ReturnType<typeof seedDashboard>>;
  let deliveryId: string;
  let eventId: string;
  const sender = httpWebhookSender({ timeoutMs: 5_000, allowInsecure: true });
  const receiver = startReceiver();

  beforeAll(async () => {
    assertDashboardBuilt();
    h = await startHarness({ allowInsecureWebhooks: true });
    await ensureSigningKey(h.deps);
    const ws = await workspaceFactory(h.deps, 'Events');
    await createWebhookTarget(ws.ctx, { url: (await receiver).url, description: 'Operations receiver' });
    seed = await seedDashboard(h, ws);
    const d = new Dispatcher(h.deps, { sender, timeoutMs: 5_000, retry: { baseMs: 20, factor: 1, jitter: 0 } });
    while ((await d.runOnce()) > 0);
    const delivery = await h.deps.db.webhookDelivery.findFirstOrThrow({
      where: { workspaceId: seed.workspaceId, eventType: 'crypto_wallet_created' },
      select: { id: true, eventId: true },
    });
    deliveryId = delivery.id;
    eventId = delivery.eventId!;
    browser = await sharedBrowser();
  }, 120_000);
  afterAll(async () => {
    await sender.close();
    await (await receiver).close();
    await releaseBrowser(browser);
    await h?.close();
  });

  // One signed-in page for the file, resized for each size: the tests only read the seed, and a
  // context with a sign-in (and the overview it lands on) per size cost more than it checks. The
  // context closes with the file (releaseBrowser).
  const signedInAt = sharedDashboardPage(
    () => browser,
    () => h.baseUrl,
    () => seed.adminToken,
  );

  for (const size of SIZES) {
    it(
      `at ${size.width} px (${size.name}): list, filters in the URL, detail with the payload, reached from a delivery`,
      { timeout: 120_000 },
      async () => {
        const { rec, page } = await signedInAt(size.width, size.height);
        const quiet = networkQuiet(page);
        await page.goto(`${h.baseUrl}/dashboard/events`);
        const rows = page.getByRole('table', { name: 'events', exact: true }).locator('tbody tr');
        await rows.first().waitFor();
        expect(await rows.count()).toBeGreaterThan(10);
        await quiet();
        expect(await layoutReport(page)).toEqual(GOOD_LAYOUT);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await saveScreenshot(page, `dashboard-events${size.suffix}`, { fullPage: true });

        // Filters: the type and the account, applied into the URL under the REST names.
        await page.getByLabel('Event type', { exact: true }).selectOption('account_created');
        await page.getByLabel('Account id', { exact: true }).fill(seed.alice);
        await page.getByRole('button', { name: 'Apply filters' }).click();
        await page.waitForURL(/type=account_created/);
        expect(page.url()).toContain(`accountId=${seed.alice}`);
        // The previous page stays shown (placeholder) until the filtered one arrives.
        await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
        await page.getByLabel('From (UTC)').fill('2001-01-01T00:00:00');
        await page.getByLabel('To (UTC)').fill('2001-01-02T00:00:00');
        await page.getByRole('button', { name: 'Apply filters' }).click();
        await page.getByText('No event matches these filters.').waitFor();
        expect(page.url()).toContain('startDate=2001-01-01T00');

        // From a delivery to its event, and the payload shown there.
        await page.goto(`${h.baseUrl}/dashboard/webhooks/deliveries/${deliveryId}`);
        await page.getByRole('heading', { name: /Delivery of/ }).waitFor();
        await page.locator(`a[href="/dashboard/events/${eventId}"]`).click();
        await page.getByRole('heading', { level: 1, name: /Event crypto_wallet_created/ }).waitFor();
        const payload = await page.locator('pre.payload').textContent();
        expect(JSON.parse(payload ?? '')).toMatchObject({ id: eventId, type: 'crypto_wallet_created', accountId: seed.alice });
        await quiet();
        expect(await layoutReport(page)).toEqual(GOOD_LAYOUT);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await saveScreenshot(page, `dashboard-event${size.suffix}`, { fullPage: true });

        if (size.name === 'phone') {
          await page.getByRole('button', { name: 'Menu' }).click();
          await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events', exact: true }).click();
          await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
        }
        expect(rec.foreignRequests).toEqual([]);
        expect(rec.pageErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
      },
    );
  }
});
