import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWorkspaceLogo } from '../../src/core/workspaces/set-workspace-logo.js';
import { updateWorkspace } from '../../src/core/workspaces/update-workspace.js';
import { realPng } from '../factories/images.js';
import { workspaceFactory } from '../factories/workspace.js';
import {
  chromiumAvailable,
  recordingContext,
  releaseBrowser,
  saveScreenshot,
  seriousAxeViolations,
  sharedBrowser,
} from '../support/browser.js';
import { type Harness, startHarness } from '../support/harness.js';
import { holderLink } from '../support/holder.js';

const cspOf = async (h: Harness, path: string, accept = 'text/html') => {
  const res = await fetch(h.baseUrl + path, { headers: { accept } });
  return { status: res.status, csp: res.headers.get('content-security-policy') ?? '' };
};

// One server for the file: its tests each make the workspace they need.
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ graphiql: true });
});
afterAll(() => h?.close());

describe('public pages: CSP names no other host', () => {
  it.each(['/', '/docs', '/graphql'])('%s sends a CSP limited to this origin', async (path) => {
    const { status, csp } = await cspOf(h, path);
    expect(status).toBe(200);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // No host, scheme wildcard or unsafe-eval: only 'self', data:, blob:, hashes and inline styles.
    for (const token of csp.split(/[;\s]+/)) {
      expect(token).not.toMatch(/^(https?:|\*|'unsafe-eval')/);
    }
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('serves the Redoc bundle from npm, cacheable', async () => {
    const res = await fetch(`${h.baseUrl}/docs/redoc.standalone.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(500_000);
  });
});

describe.skipIf(!chromiumAvailable() && !process.env.CI)('public pages in chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await releaseBrowser(browser);
  });

  it('the landing page links every surface, with nothing from another origin', async () => {
    const rec = await recordingContext(browser, h.baseUrl);
    const page = await rec.newPage();
    await page.goto(`${h.baseUrl}/`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('FAS gateway');
    const hrefs = await page.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/dashboard', '/docs', '/graphql', '/openapi.yaml', '/.well-known/jwks.json']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'landing');
    expect(rec.foreignRequests).toEqual([]);
    expect(rec.pageErrors).toEqual([]);
    await rec.context.close();
  });
});

describe.skipIf(!chromiumAvailable() && !process.env.CI)('every server page at 1280 and 390 px', { timeout: 120_000 }, () => {
  let browser: Browser;
  let verifyPath: string;
  let token: string;
  beforeAll(async () => {
    token = (await workspaceFactory(h.deps, 'Pages')).adminToken;
    const link = await holderLink(h);
    await updateWorkspace(link.ws.ctx, { displayName: 'Northwind Savings' });
    await setWorkspaceLogo(link.ws.ctx, { content: realPng(40, 40, [[16, 120, 80]]) });
    verifyPath = link.path;
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await releaseBrowser(browser);
  });

  /**
   * /docs renders the API reference from openapi.yaml (the APIKey scheme included) and has no body
   * margin: checked on the page these tests load anyway, at both widths, rather than loading
   * Redoc (seconds of a browser's CPU) again in tests of their own.
   */
  const apiReference = async (page: Page, width: number) => {
    await page.getByRole('heading', { name: 'List transactions' }).first().waitFor({ timeout: 30_000 });
    await page.getByText('APIKey', { exact: false }).first().waitFor({ state: 'attached' });
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    if (width === 1280) await saveScreenshot(page, 'docs');
  };

  /** /graphql renders GraphiQL offline, and a query with the token in Headers answers (on the page loaded below). */
  const graphiql = async (page: Page, width: number) => {
    await page.getByText('Authenticate in the "Headers" tab', { exact: false }).first().waitFor();
    // Run a query as GraphiQL does (same page, same CSP): the token travels in a header.
    const answer = await page.evaluate(async (t) => {
      const r = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${t}` },
        body: JSON.stringify({ query: '{ accounts(limit: 1) { total } }' }),
      });
      return r.json();
    }, token);
    expect(answer).toEqual({ data: { accounts: { total: 0 } } });
    if (width === 1280) await saveScreenshot(page, 'graphiql');
    // On a phone the answer stacks under the editor, as wide as the editor (not a 40 px column).
    if (width === 390) {
      await page.locator('.graphiql-response').first().waitFor({ timeout: 30_000 });
      const [editors, response] = await Promise.all(
        ['.graphiql-editors', '.graphiql-response'].map((s) => page.locator(s).first().boundingBox()),
      );
      expect(response!.width).toBeGreaterThan(250);
      expect(response!.width).toBeCloseTo(editors!.width, -1);
      expect(response!.y).toBeGreaterThanOrEqual(editors!.y + editors!.height);
      expect(response!.height).toBeGreaterThan(200);
      await saveScreenshot(page, 'graphiql-390');
    }
  };

  /** Each page, what shows it is drawn, and what else is checked on it. */
  const PAGES: [string, () => string, string, ((page: Page, width: number) => Promise<void>)?][] = [
    ['landing', () => '/', 'h1'],
    ['API reference', () => '/docs', 'h1, h2', apiReference],
    ['GraphiQL', () => '/graphql', '.graphiql-container', graphiql],
    ['verification page', () => verifyPath, 'h1'],
    ['export refusal', () => '/dashboard/export/transactions.csv', 'h1'],
  ];

  it.each(
    PAGES.flatMap(([name, path, ready, more]) => [1280, 390].map((width) => ({ name, path, ready, more, width }))),
  )('$name at $width px: within the viewport, its icon linked and served, no error', async ({ name, path, ready, more, width }) => {
    // 900 px high, as the screenshots of the API reference and GraphiQL have always been taken; a
    // phone's 844 at 390 px (GraphiQL's phone screenshot, and its stacking is checked there).
    const rec = await recordingContext(browser, h.baseUrl, { viewport: { width, height: width === 390 ? 844 : 900 } });
    const page = await rec.newPage();
    await page.goto(h.baseUrl + path(), { waitUntil: 'load' });
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    await more?.(page, width);
    // The page links the icon; what the link names is fetched as a browser does (from the test:
    // inside a page with Playwright's request routing on, chromium refuses a fetch of the icon).
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBe('/favicon.ico');
    const icon = await fetch(new URL(href ?? '', page.url()));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    expect((await icon.arrayBuffer()).byteLength).toBeGreaterThan(100);
    const fits = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(fits.scroll, `${name}: ${fits.scroll} px wide in ${fits.inner}`).toBeLessThanOrEqual(fits.inner);
    if (name === 'verification page' && width === 1280) await saveScreenshot(page, 'verify-desktop-start', { fullPage: true });
    expect(rec.foreignRequests).toEqual([]);
    expect(rec.pageErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await rec.context.close();
  });

  it('GraphiQL declares a viewport (on a phone, the page is as wide as the phone)', async () => {
    const rec = await recordingContext(browser, h.baseUrl, { viewport: { width: 390, height: 860 }, isMobile: true });
    const page = await rec.newPage();
    await page.goto(`${h.baseUrl}/graphql`);
    expect(await page.locator('meta[name="viewport"]').getAttribute('content')).toBe('width=device-width, initial-scale=1');
    expect(await page.evaluate(() => window.innerWidth)).toBe(390);
    await rec.context.close();
  });
});
