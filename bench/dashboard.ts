// `npm run bench:dashboard [-- --rows N] [--pglite] [--baseline FILE] [--save FILE]`: the dashboard
// in Debian's chromium against a real server on seeded data (PostgreSQL at DATABASE_URL, default a
// local fas_bench_dashboard database; --pglite for an in-memory PGlite). Per page: the HTTP requests
// to /trpc a load makes and the time until its content shows; the initial JavaScript (gzipped); the
// time to the first rows of /dashboard/transactions and to the rows after a filter change.
// --baseline prints each figure's ratio to a file written by --save (e.g. on the previous version).
// Targets: at most 3 /trpc requests per page, initial JS <= 300 KB gzipped, first rows <= 1 s, filter <= 500 ms.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { type Ctx, createContext, type Deps } from '../src/core/context.js';
import { createFieldCipher } from '../src/core/crypto/field-cipher.js';
import { getOverview } from '../src/core/overview/get-overview.js';
import { createAdmin } from '../src/core/workspaces/create-admin.js';
import { openDatabase } from '../src/db/database.js';
import { seedTransactions } from '../src/operator/seed/seed-transactions.js';
import { buildApp } from '../src/server/app.js';
import { depsOf } from '../src/server/deps.js';
import { launchBrowser } from '../test/support/browser.js';
import { ensureBenchDatabase } from './support/database.js';

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const pglite = args.includes('--pglite');
const ROWS = arg('--rows') ? Number(arg('--rows')) : pglite ? 100_000 : 1_000_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fas_bench_dashboard';
const log = (s: string) => process.stderr.write(`${s}\n`);

interface Figure {
  median: number;
  p95: number;
  max: number;
  requests?: number;
  /** JavaScript a load of the page fetched (entry and any lazy chunk), gzipped, in KB. */
  jsKB?: number;
}
interface Results {
  rows: number;
  initialJsKB: number;
  pages: Record<string, Figure>;
  filters: Record<string, Figure>;
  /** The overview's figures computed in process (the core use case alone), per range in days. */
  overview?: Record<string, Figure>;
}

/** A workspace holding exactly ROWS transactions (reused when present) and a fresh admin token. */
async function benchWorkspace(deps: Deps): Promise<{ ctx: Ctx; token: string }> {
  const name = `bench-dashboard (${ROWS} rows)`;
  let ws = await deps.db.workspace.findFirst({ where: { name }, select: { id: true } });
  const asSystem = (id: string) => createContext(deps, { workspaceId: id, sandbox: true, actor: { kind: 'system', role: 'admin' } });
  if (!ws || (await deps.db.transaction.count({ where: { workspaceId: ws.id } })) !== ROWS) {
    if (ws) await deps.db.workspace.delete({ where: { id: ws.id } });
    ws = await deps.db.workspace.create({ data: { id: deps.ids.uuid(), name, sandbox: true }, select: { id: true } });
    const started = performance.now();
    await seedTransactions(asSystem(ws.id), {
      transactions: ROWS,
      onProgress: (done, total) => process.stderr.write(`\rseeding ${done}/${total}`),
    });
    log(`\nseeded ${ROWS} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } else log(`reusing ${name}`);
  const ctx = asSystem(ws.id);
  const admin = await createAdmin(ctx, { email: `bench-${Date.now()}@example.com`, role: 'admin' });
  return { ctx, token: admin.token };
}

const stats = (xs: number[], requests?: number): Figure => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95), max: s[s.length - 1] ?? Number.NaN, ...(requests === undefined ? {} : { requests }) };
};

const gzipped = new Map<string, number>();
/** A JavaScript file's size gzipped, in bytes (fetched once). */
async function gzipSize(url: string): Promise<number> {
  let n = gzipped.get(url);
  if (n === undefined) {
    n = gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).byteLength;
    gzipped.set(url, n);
  }
  return n;
}

/** Everything index.html loads as JavaScript (scripts and module preloads), gzipped, in KB. */
async function initialJsKB(base: string): Promise<number> {
  const html = await (await fetch(`${base}/dashboard`)).text();
  let bytes = 0;
  for (const m of html.matchAll(/(?:src|href)="(\/dashboard\/assets\/[^"]+\.js)"/g)) bytes += await gzipSize(`${base}${m[1]}`);
  return bytes / 1024;
}

/** Loads `path` RUNS times: the median time until no "Loading" is left, and the /trpc requests of a load. */
async function measurePage(page: Page, base: string, path: string): Promise<Figure> {
  const times: number[] = [];
  let requests = 0;
  const scripts = new Set<string>();
  for (let i = 0; i < RUNS; i++) {
    await page.goto('about:blank');
    const seen: string[] = [];
    const on = (r: { url(): string }) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/trpc/')) seen.push(r.url());
      if (u.pathname.startsWith('/dashboard/assets/') && u.pathname.endsWith('.js')) scripts.add(r.url());
    };
    page.on('request', on);
    const t0 = performance.now();
    await page.goto(`${base}${path}`);
    await page.locator('main h1').first().waitFor();
    await page.waitForFunction(() => !/Loading/.test(document.querySelector('main')?.textContent ?? 'Loading'));
    times.push(performance.now() - t0);
    await page.waitForLoadState('networkidle');
    page.off('request', on);
    requests = Math.max(requests, seen.length);
  }
  let js = 0;
  for (const url of scripts) js += await gzipSize(url);
  return { ...stats(times, requests), jsKB: js / 1024 };
}

async function main() {
  if (!pglite) await ensureBenchDatabase(pgUrl);
  const database = await openDatabase({ databaseUrl: pglite ? 'memory://' : pgUrl, dataDir: '/nonexistent' });
  const deps = depsOf(database, {
    cipher: createFieldCipher(randomBytes(32)),
    publicUrl: 'http://127.0.0.1',
    allowInsecureWebhooks: false,
  });
  const { ctx, token } = await benchWorkspace(deps);
  const account = await deps.db.transaction.findFirstOrThrow({
    where: { workspaceId: ctx.workspaceId },
    select: { id: true, accountId: true },
  });
  const app = await buildApp({ deps, ping: database.ping, logLevel: false, graphiql: false, bodyLimitBytes: 1 << 20 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await launchBrowser();
  const results: Results = { rows: ROWS, initialJsKB: await initialJsKB(base), pages: {}, filters: {}, overview: {} };
  for (const days of [7, 30, 90]) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await getOverview(ctx, { days });
      times.push(performance.now() - t0);
    }
    if (results.overview) results.overview[`${days} days`] = stats(times);
  }
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/dashboard`);
    await page.getByLabel('Admin or analyst token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();

    const pages: Record<string, string> = {
      overview: '/dashboard',
      accounts: '/dashboard/accounts',
      account: `/dashboard/accounts/${account.accountId}`,
      transactions: '/dashboard/transactions',
      transaction: `/dashboard/transactions/${account.id}`,
      webhooks: '/dashboard/webhooks',
      deliveries: '/dashboard/webhooks/deliveries',
      'api-keys': '/dashboard/api-keys',
    };
    for (const [name, path] of Object.entries(pages)) {
      log(`page ${name}`);
      results.pages[name] = await measurePage(page, base, path);
    }

    const rowsShown = () => page.locator('main table tbody tr').first().waitFor();
    const first: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${base}/dashboard`); // leave the page so the next navigation loads it anew
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
      const t0 = performance.now();
      await page.goto(`${base}/dashboard/transactions`);
      await rowsShown();
      first.push(performance.now() - t0);
    }
    results.pages['transactions: first rows'] = stats(first);

    // Each change: set the controls, press Apply, wait for the re-rendered table.
    const changes: Record<string, () => Promise<unknown>> = {
      'status=completed': () => page.getByLabel('Status').selectOption('completed'),
      'transactionType=crypto': () => page.getByLabel('Type').selectOption('crypto'),
      // The coin filter is a select of the catalogue's currencies (a text box before).
      'coin=usd': async () =>
        (await page.getByLabel('Currency', { exact: true }).count())
          ? page.getByLabel('Currency', { exact: true }).selectOption('USD')
          : page.getByLabel('Coin').fill('usd'),
      'search=abc': () => page.getByLabel('Search').fill('abc'),
      'startDate..endDate (one week, UTC)': async () => {
        const from = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
        const to = new Date(Date.now() - 54 * 86_400_000).toISOString().slice(0, 10);
        await page.getByLabel('From', { exact: true }).fill(`${from}T00:00:00`);
        await page.getByLabel('To', { exact: true }).fill(`${to}T23:59:59`);
      },
    };
    for (const [name, apply] of Object.entries(changes)) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        await page.goto(`${base}/dashboard/transactions`);
        await rowsShown();
        await apply();
        const answered = page.waitForResponse((r) => r.url().includes('transactions.list'));
        const t0 = performance.now();
        await page.getByRole('button', { name: 'Apply filters' }).click();
        await answered;
        await page.waitForFunction(() => document.querySelector('main table')?.getAttribute('aria-busy') !== 'true');
        times.push(performance.now() - t0);
      }
      results.filters[name] = stats(times);
    }
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
  report(results, arg('--baseline'));
  const save = arg('--save');
  if (save) writeFileSync(save, `${JSON.stringify(results, null, 2)}\n`);
}

function report(r: Results, baselineFile: string | undefined) {
  const b: Results | undefined = baselineFile ? JSON.parse(readFileSync(baselineFile, 'utf8')) : undefined;
  const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '—' : `${n.toFixed(0)} ms`);
  const ratio = (now: number | undefined, then: number | undefined) => (now && then ? `${(now / then).toFixed(2)}x` : '—');
  console.log(`\ndashboard, ${r.rows.toLocaleString('en')} transactions on ${pglite ? 'PGlite' : 'PostgreSQL'}; ${RUNS} runs each`);
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `initial JavaScript: ${r.initialJsKB.toFixed(1)} KB gzipped (target <= 300)${b ? `; baseline ${b.initialJsKB.toFixed(1)} KB, ${ratio(r.initialJsKB, b.initialJsKB)}` : ''}`,
  );
  const kb = (n: number | undefined) => (n === undefined ? '—' : `${n.toFixed(1)} KB`);
  console.log(
    '\n| page load | /trpc requests | baseline | JS gzipped | baseline | content shown, median | p95 | baseline median | ratio |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [name, f] of Object.entries(r.pages)) {
    const old = b?.pages[name];
    console.log(
      `| ${name} | ${f.requests ?? '—'} | ${old?.requests ?? '—'} | ${kb(f.jsKB)} | ${kb(old?.jsKB)} | ${ms(f.median)} | ${ms(f.p95)} | ${ms(old?.median)} | ${ratio(f.median, old?.median)} |`,
    );
  }
  if (r.overview) {
    console.log('\n| overview figures in process (getOverview) | median | p95 | baseline median | ratio |');
    console.log('|---|---|---|---|---|');
    for (const [name, f] of Object.entries(r.overview)) {
      const old = b?.overview?.[name];
      console.log(`| ${name} | ${ms(f.median)} | ${ms(f.p95)} | ${ms(old?.median)} | ${ratio(f.median, old?.median)} |`);
    }
  }
  console.log('\n| filter change (Apply to rows) | median | p95 | max | baseline median | ratio | target |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, f] of Object.entries(r.filters)) {
    const old = b?.filters[name];
    console.log(
      `| ${name} | ${ms(f.median)} | ${ms(f.p95)} | ${ms(f.max)} | ${ms(old?.median)} | ${ratio(f.median, old?.median)} | <= 500 ms |`,
    );
  }
}

await main();
