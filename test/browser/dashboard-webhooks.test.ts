import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/core/accounts/create-account.js';
import { createWebhookTarget } from '../../src/core/webhooks/create-webhook-target.js';
import { Dispatcher } from '../../src/core/webhooks/dispatch/dispatcher.js';
import { ensureSigningKey } from '../../src/core/webhooks/rotate-signing-key.js';
import { httpWebhookSender } from '../../src/server/http-webhook-sender.js';
import { workspaceFactory } from '../factories/workspace.js';
import {
  chromiumAvailable,
  networkQuiet,
  recordingContext,
  releaseBrowser,
  saveScreenshot,
  seriousAxeViolations,
  sharedBrowser,
} from '../support/browser.js';
import { type Harness, startHarness } from '../support/harness.js';
import { startReceiver } from '../support/receiver.js';
import { assertDashboardBuilt } from './dashboard-seed.js';
import { GOOD_LAYOUT, layoutReport } from './layout-checks.js';

const SIZES = [
  { name: 'laptop', width: 1280, height: 900, suffix: '' },
  { name: 'phone', width: 390, height: 844, suffix: '-phone' },
] as const;

// The webhooks page says what the target's state is: a test send shows the endpoint's answer;
// pause, resume, a disable by the service (seen without reloading), resend failed and enable.
describe.skipIf(!chromiumAvailable() && !process.env.CI)('the dashboard webhooks page at 1280 px and 390 px', () => {
  let h: Harness;
  let browser: Browser;
  let dispatcher: Dispatcher;
  const sender = httpWebhookSender({ timeoutMs: 5_000, allowInsecure: true });
  const receiver = startReceiver((_r, res) => res.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance'));

  beforeAll(async () => {
    assertDashboardBuilt();
    h = await startHarness({ allowInsecureWebhooks: true });
    await ensureSigningKey(h.deps);
    // Retries an hour apart: a failed attempt stays failed while the page is looked at.
    dispatcher = new Dispatcher(h.deps, { sender, timeoutMs: 5_000, retry: { baseMs: 3600_000, factor: 1, jitter: 0 }, pollMs: 50 });
    dispatcher.start();
    browser = await sharedBrowser();
  }, 120_000);
  afterAll(async () => {
    await dispatcher?.stop();
    await sender.close();
    await (await receiver).close();
    await releaseBrowser(browser);
    await h?.close();
  });

  for (const size of SIZES) {
    it(`at ${size.width} px (${size.name})`, { timeout: 120_000 }, async () => {
      const ws = await workspaceFactory(h.deps, `Hooks ${size.name}`);
      const url = (await receiver).url;
      const target = await createWebhookTarget(ws.ctx, { url, description: 'Operations receiver' });
      const rec = await recordingContext(browser, h.baseUrl, {
        viewport: { width: size.width, height: size.height },
        locale: 'en-US',
        timezoneId: 'UTC',
      });
      const page = await rec.newPage();
      page.setDefaultTimeout(20_000);
      const quiet = networkQuiet(page);
      await page.goto(`${h.baseUrl}/dashboard`);
      await page.getByLabel('Admin or analyst token').fill(ws.adminToken);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
      await page.goto(`${h.baseUrl}/dashboard/webhooks`);
      const row = page.getByRole('table', { name: 'Webhook targets' }).locator('tbody tr').first();
      await row.getByText('Active', { exact: true }).waitFor();

      // A test send shows the endpoint's answer: its status and the start of its body.
      await page.getByRole('button', { name: `Test ${url}` }).click();
      await page.getByRole('button', { name: 'Send test event' }).click();
      const answer = page.getByRole('status', { name: "The endpoint's answer" });
      await answer.getByText('HTTP 503').waitFor();
      await answer.getByText('down for maintenance').waitFor();
      await quiet();
      expect(await layoutReport(page)).toEqual(GOOD_LAYOUT);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, `dashboard-webhooks-test${size.suffix}`, { fullPage: true });

      // Pause on purpose, then resume.
      await page.getByRole('button', { name: `Pause ${url}` }).click();
      await row.getByText('Paused', { exact: true }).waitFor();
      await row.getByText(/deliveries wait until it is resumed/).waitFor();
      await page.getByRole('button', { name: `Resume ${url}` }).click();
      await row.getByText('Active', { exact: true }).waitFor();

      // The service disables it (a delivery's retries ran out): the page says so without a reload.
      await createAccount(ws.ctx, { type: 'individual', email: `hooks-${size.name}@example.com` });
      await expect
        .poll(() => h.deps.db.webhookDelivery.count({ where: { targetId: target.id, attempts: 1, eventId: { not: null } } }))
        .toBe(1);
      await h.deps.db.webhookDelivery.updateMany({ where: { targetId: target.id }, data: { status: 'failed' } });
      await h.deps.db.webhookTarget.updateMany({
        where: { id: target.id },
        data: { status: 'disabled', disabledAt: new Date(), disabledReason: 'failed 6 attempts; last: HTTP 503' },
      });
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await row.getByText('Disabled', { exact: true }).waitFor();
      await row.getByText(/failed 6 attempts/).waitFor();

      // "Resend failed" is offered while disabled, and works: queued, sent once it is enabled.
      await page.getByRole('button', { name: `Resend failed deliveries to ${url}` }).click();
      await page.getByRole('button', { name: 'Resend failed deliveries', exact: true }).click();
      await page.getByText(/1 delivery queued again\. The target is disabled: they are sent once it is enabled\./).waitFor();
      const parked = await h.deps.db.webhookDelivery.findFirstOrThrow({ where: { targetId: target.id, status: 'pending' } });
      expect(parked.nextAttemptAt).toBeNull();
      await quiet();
      expect(await layoutReport(page)).toEqual(GOOD_LAYOUT);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, `dashboard-webhooks-disabled${size.suffix}`, { fullPage: true });

      await page.getByRole('button', { name: `Enable ${url}` }).click();
      await row.getByText('Active', { exact: true }).waitFor();
      // Enabled: the parked delivery is the probe, sent at once.
      await expect.poll(() => h.deps.db.webhookDelivery.count({ where: { id: parked.id, attempts: 2 } })).toBe(1);

      expect(rec.foreignRequests).toEqual([]);
      expect(rec.pageErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
      await rec.context.close();
    });
  }
});
