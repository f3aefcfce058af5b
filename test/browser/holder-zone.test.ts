import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateWorkspace } from '../../src/core/workspaces/update-workspace.js';
import { chromiumAvailable, recordingContext, releaseBrowser, saveScreenshot, sharedBrowser } from '../support/browser.js';
import { type Harness, startHarness } from '../support/harness.js';
import { holderLink } from '../support/holder.js';

// The holder's page in the holder's own time zone (their browser's), UTC named without scripts,
// and the workspace's support contact (SPEC 1) as links.

let h: Harness;
let browser: Awaited<ReturnType<typeof sharedBrowser>>;
let link: Awaited<ReturnType<typeof holderLink>>;

beforeAll(async () => {
  h = await startHarness();
  browser = await sharedBrowser();
  link = await holderLink(h);
  await updateWorkspace(link.ws.ctx, {
    displayName: 'Acme Zone Bank',
    supportEmail: 'help@acme.example',
    supportUrl: 'https://acme.example/help',
  });
});
afterAll(async () => {
  await releaseBrowser(browser);
  await h?.close();
});

describe.skipIf(!chromiumAvailable() && !process.env.CI)("the holder page's times and support contact", { timeout: 120_000 }, () => {
  it("shows times in the browser's zone, named, with UTC kept in the title", async () => {
    const rec = await recordingContext(browser, h.baseUrl, { viewport: { width: 390, height: 800 }, timezoneId: 'Asia/Tokyo' });
    const page = await rec.newPage();
    await page.goto(h.baseUrl + link.path);
    const expiry = page.locator('.expiry time.local-time');
    const iso = await expiry.getAttribute('datetime');
    const text = await expiry.textContent();
    // Tokyo is UTC+9 all year: the hour moves by 9 and the zone is named.
    expect(text).toMatch(/^\d{1,2} \w+ \d{4}, \d\d:\d\d GMT\+9$/);
    const utcHour = new Date(iso ?? '').getUTCHours();
    expect(Number(text?.split(', ')[1]?.slice(0, 2))).toBe((utcHour + 9) % 24);
    expect(await expiry.getAttribute('title')).toMatch(/ UTC$/);
    const support = page.locator('#support');
    expect(await support.textContent()).toBe('Questions? Contact Acme Zone Bank: help@acme.example or acme.example/help.');
    expect(await support.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      'mailto:help@acme.example',
      'https://acme.example/help',
    ]);
    await saveScreenshot(page, 'verify-phone-zone', { fullPage: true });
    expect(rec.foreignRequests).toEqual([]);
    expect(rec.pageErrors).toEqual([]);
    await rec.context.close();
  });

  it('without scripts says UTC', async () => {
    const rec = await recordingContext(browser, h.baseUrl, { javaScriptEnabled: false, timezoneId: 'Asia/Tokyo' });
    const page = await rec.newPage();
    await page.goto(h.baseUrl + link.path);
    expect(await page.locator('.expiry time.local-time').textContent()).toMatch(/^\d{1,2} \w+ \d{4}, \d\d:\d\d UTC$/);
    await rec.context.close();
  });
});
