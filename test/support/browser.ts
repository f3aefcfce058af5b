import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * Debian's chromium driven by playwright-core (Playwright's own browser download cannot work
 * here). `.ci/run` installs the package when it is missing; FAS_CHROMIUM overrides the path.
 */
export const chromiumPath = process.env.FAS_CHROMIUM ?? '/usr/bin/chromium';

/** Flags that keep chromium from reaching for the network on its own (this machine has none). */
const quietFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function chromiumAvailable(): boolean {
  return existsSync(chromiumPath);
}

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumAvailable()) {
    throw new Error(`chromium not found at ${chromiumPath}: apt-get install -y chromium (or set FAS_CHROMIUM)`);
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: quietFlags });
}

let shared: Promise<Browser> | undefined;

/**
 * One chromium per test worker process instead of a launch per file: a worker's files share its
 * loaded modules (`isolate: false`), so the first browser file launches it and the next ones take
 * new contexts from it; it ends with the worker. A file gives its contexts back with `releaseBrowser`.
 */
export function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    const launching = launchBrowser();
    const forget = () => {
      if (shared === launching) shared = undefined;
    };
    shared = launching;
    launching.then((b) => b.on('disconnected', forget), forget);
  }
  return shared;
}

/** Closes every context still open in the shared browser (what this file opened: files of a worker run one at a time). */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  await Promise.all(browser.contexts().map((c) => c.close()));
}

/** A context that records every request, so a test can assert nothing left the origin. */
export interface RecordingContext {
  context: BrowserContext;
  /** URLs requested from any origin other than `origin` (data: and blob: excluded). */
  foreignRequests: string[];
  /** Console errors and uncaught page errors. */
  pageErrors: string[];
  newPage(): Promise<Page>;
}

export async function recordingContext(
  browser: Browser,
  origin: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<RecordingContext> {
  const context = await browser.newContext(options);
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];
  const allowed = new URL(origin).origin;
  context.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:') || url === 'about:blank') return;
    if (new URL(url).origin !== allowed) foreignRequests.push(url);
  });
  // Anything that tries to leave the origin is stopped here too, so a test never waits on a network
  // this machine does not have; the attempt is still recorded above.
  await context.route(
    (url) => url.origin !== allowed && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => route.abort('blockedbyclient'),
  );
  return {
    context,
    foreignRequests,
    pageErrors,
    async newPage() {
      const page = await context.newPage();
      page.on('pageerror', (err) => pageErrors.push(err.message));
      page.on('console', (msg) => {
        if (msg.type() === 'error') pageErrors.push(msg.text());
      });
      return page;
    },
  };
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/** Violations of impact serious or critical found by axe-core on the page as it is now. */
export async function seriousAxeViolations(page: Page): Promise<Array<{ id: string; impact: string; nodes: number }>> {
  // Judge the settled page: a table refetching in the background is dimmed on purpose (aria-busy),
  // which axe would report as low contrast of rows that are about to be replaced.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 15_000 });
  axeSource ??= require('node:fs').readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') as string;
  const source = axeSource;
  // Evaluated through the DevTools protocol rather than a <script> tag, which the pages' CSP refuses.
  await page.evaluate(source);
  const result = (await page.evaluate(async () => {
    const axe = (window as any).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v: { id: string; impact: string; nodes: unknown[] }) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.length,
    }));
  })) as Array<{ id: string; impact: string; nodes: number }>;
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * The README's screenshots are rewritten only when asked (`npm run screenshots`, which sets
 * FAS_SCREENSHOTS=1), so an ordinary test run leaves the working tree as it found it.
 */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.FAS_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: `docs/screenshots/${name}.png`, ...options });
}

/**
 * Follows a page's requests so a test can wait until the network has been quiet for `quietMs`:
 * what `waitForLoadState('networkidle')` checks, with its fixed 500 ms of silence (paid on every
 * page of the layout tests) shortened. Attach it before the navigations it should follow.
 */
export function networkQuiet(page: Page): (quietMs?: number, timeoutMs?: number) => Promise<void> {
  let inflight = 0;
  let last = performance.now();
  const started = () => {
    inflight++;
    last = performance.now();
  };
  const ended = () => {
    inflight = Math.max(0, inflight - 1);
    last = performance.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async (quietMs = 150, timeoutMs = 20_000) => {
    const deadline = performance.now() + timeoutMs;
    while (inflight > 0 || performance.now() - last < quietMs) {
      if (performance.now() > deadline)
        throw new Error(`the network was not quiet for ${quietMs} ms within ${timeoutMs} ms (${inflight} in flight)`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
}

/** A signed-in dashboard page and the context recording it. */
export interface SignedInPage {
  rec: RecordingContext;
  page: Page;
}

type ContextOptions = Parameters<Browser['newContext']>[0];

/**
 * The dashboard signed in with `token` in a context of its own: opened at `to` (the sign-in form
 * shows wherever the dashboard is opened); at `/dashboard`, it waits for the Overview it lands on.
 */
export async function signInDashboard(
  browser: Browser,
  baseUrl: string,
  token: string,
  options: ContextOptions & { to?: string } = {},
): Promise<SignedInPage> {
  const { to = '/dashboard', ...contextOptions } = options;
  const rec = await recordingContext(browser, baseUrl, { locale: 'en-US', timezoneId: 'UTC', ...contextOptions });
  const page = await rec.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${baseUrl}${to}`);
  await page.getByLabel('Admin or analyst token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (to === '/dashboard') await page.getByRole('heading', { name: 'Overview' }).waitFor();
  return { rec, page };
}

/**
 * One signed-in page for a test file, resized at each call (and taken to `to`, when given): for
 * tests that need no fresh context, where a context with a sign-in per test cost more than what
 * each checks. The context closes with the file (releaseBrowser).
 */
export function sharedDashboardPage(
  browser: () => Browser,
  baseUrl: () => string,
  token: () => string,
): (width: number, height: number, to?: string) => Promise<SignedInPage> {
  let signedIn: SignedInPage | undefined;
  return async (width, height, to) => {
    if (!signedIn) {
      signedIn = await signInDashboard(browser(), baseUrl(), token(), { viewport: { width, height }, to });
      return signedIn;
    }
    await signedIn.page.setViewportSize({ width, height });
    if (to) await signedIn.page.goto(`${baseUrl()}${to}`);
    return signedIn;
  };
}
