// `npm run bench:dashboard [-- --rows N] [--pglite]`: how fast the dashboard's transactions page
// shows its first page after navigation and the rows after a filter change, in Debian's chromium
// against a real server on seeded data (PostgreSQL at DATABASE_URL, default a local fas_bench_dashboard
// database; --pglite for an in-memory PGlite). Targets: first page <= 1 s, filter <= 500 ms.
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { seedTransactions } from '../src/cli/seed/seed-transactions.js';
import { type Ctx, createContext, type Deps } from '../src/core/context.js';
import { createFieldCipher } from '../src/core/crypto/field-cipher.js';
import { createAdmin } from '../src/core/workspaces/create-admin.js';
import { openDatabase } from '../src/db/database.js';
import { buildApp } from '../src/server/app.js';
import { depsOf } from '../src/server/deps.js';
import { launchBrowser } from '../test/support/browser.js';
import { ensureBenchDatabase } from './support/database.js';

const args = process.argv.slice(2);
const pglite = args.includes('--pglite');
const rowsArg = args.indexOf('--rows');
const ROWS = rowsArg >= 0 ? Number(args[rowsArg + 1]) : pglite ? 100_000 : 1_000_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fas_bench_dashboard';
const log = (s: string) => process.stderr.write(`${s}\n`);

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

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95), max: s[s.length - 1] ?? Number.NaN };
};

async function main() {
  if (!pglite) await ensureBenchDatabase(pgUrl);
  const database = await openDatabase({ databaseUrl: pglite ? 'memory://' : pgUrl, dataDir: '/nonexistent' });
  const deps = depsOf(database, {
    cipher: createFieldCipher(randomBytes(32)),
    publicUrl: 'http://127.0.0.1',
    allowInsecureWebhooks: false,
  });
  const { token } = await benchWorkspace(deps);
  const app = await buildApp({ deps, ping: database.ping, logLevel: false, graphiql: false, bodyLimitBytes: 1 << 20 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/dashboard`);
    await page.getByLabel('Admin or analyst token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();

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

    // Each change: set the controls, press Apply, wait for the answer and the re-rendered table.
    const changes: Record<string, () => Promise<void>> = {
      'status=completed': async () => {
        await page.getByLabel('Status').selectOption('completed');
      },
      'transactionType=crypto': async () => {
        await page.getByLabel('Type').selectOption('crypto');
      },
      'coin=usd': () => page.getByLabel('Coin').fill('usd'),
      'search=abc': () => page.getByLabel('Search').fill('abc'),
      'startDate..endDate (one week, UTC)': async () => {
        const from = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
        const to = new Date(Date.now() - 54 * 86_400_000).toISOString().slice(0, 10);
        await page.getByLabel('From', { exact: true }).fill(`${from}T00:00:00`);
        await page.getByLabel('To', { exact: true }).fill(`${to}T23:59:59`);
      },
    };
    const filter: Record<string, number[]> = {};
    for (const [name, apply] of Object.entries(changes)) {
      filter[name] = [];
      for (let i = 0; i < RUNS; i++) {
        await page.goto(`${base}/dashboard/transactions`);
        await rowsShown();
        await apply();
        const answered = page.waitForResponse((r) => r.url().includes('/trpc/transactions.list'));
        const t0 = performance.now();
        await page.getByRole('button', { name: 'Apply filters' }).click();
        await answered;
        await page.waitForFunction(() => document.querySelector('main table')?.getAttribute('aria-busy') !== 'true');
        filter[name].push(performance.now() - t0);
      }
    }
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    console.log(
      `\ndashboard transactions page, ${ROWS.toLocaleString('en')} rows on ${pglite ? 'PGlite' : 'PostgreSQL'}; ${RUNS} runs each`,
    );
    console.log(
      `machine: ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log('| what | median | p95 | max | target |');
    console.log('|---|---|---|---|---|');
    const f = stats(first);
    console.log(`| first page after navigation | ${ms(f.median)} | ${ms(f.p95)} | ${ms(f.max)} | <= 1000 ms |`);
    for (const [name, xs] of Object.entries(filter)) {
      const s = stats(xs);
      console.log(`| filter change: ${name} | ${ms(s.median)} | ${ms(s.p95)} | ${ms(s.max)} | <= 500 ms |`);
    }
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}

await main();
