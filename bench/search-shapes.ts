// npx tsx bench/search-shapes.ts (DATABASE_URL or BENCH_DATA_DIR, BENCH_WORKSPACE: a seeded workspace's id or name)
// Times `listTransactions` (the core, in-process: no HTTP) for the slow search shapes of issue 37:
// p50/p99 over BENCH_RUNS (default 30) runs each after BENCH_WARMUP (default 2), with its exact total;
// BENCH_ONLY: run only the shapes whose name contains it (e.g. "coin").
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { createContext } from '../src/core/context.js';
import { createFieldCipher } from '../src/core/crypto/field-cipher.js';
import { listTransactions } from '../src/core/transactions/list-transactions.js';
import { openDatabase } from '../src/db/database.js';
import { depsOf } from '../src/server/deps.js';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fas_bench';
const runs = Number(process.env.BENCH_RUNS ?? 30);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
// BENCH_DATA_DIR: an embedded (PGlite) data directory instead, e.g. one `FAS_DATA_DIR=DIR fas seed` filled.
const dataDir = process.env.BENCH_DATA_DIR;
const database = await openDatabase(dataDir ? { databaseUrl: undefined, dataDir } : { databaseUrl: url, dataDir: '' });
const deps = depsOf(database, { cipher: createFieldCipher(randomBytes(32)), publicUrl: 'http://bench', allowInsecureWebhooks: false });
const wanted = process.env.BENCH_WORKSPACE ?? 'bench-main';
const ws = await deps.db.workspace.findFirst({
  where: /^[0-9a-f-]{36}$/.test(wanted) ? { id: wanted } : { name: { startsWith: wanted } },
  select: { id: true, name: true },
});
if (!ws) throw new Error(`no workspace ${wanted}`);
const ctx = createContext(deps, { workspaceId: ws.id, sandbox: true, actor: { kind: 'system', role: 'admin' } });
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const only = process.env.BENCH_ONLY; // a substring of the shapes' names to run
const shapes: [string, Record<string, string>][] = JSON.parse(
  process.env.BENCH_SHAPES ??
    JSON.stringify([
      ['one word "soylent" (names and emails)', { search: 'soylent' }],
      ['"soylent" + status=completed', { search: 'soylent', status: 'completed' }],
      ['"soylent" + status=failed', { search: 'soylent', status: 'failed' }],
      ['"soylent" + transactionType=bank', { search: 'soylent', transactionType: 'bank' }],
      ['"soylent foods" (names and emails)', { search: 'soylent foods' }],
      ['"orig name: soylent foods"', { search: 'orig name: soylent foods' }],
      ['"treasury" (emails only)', { search: 'treasury' }],
      ['"soylent" + coin=USD', { search: 'soylent', coin: 'USD' }],
      ['"soylent" + coin=EUR', { search: 'soylent', coin: 'EUR' }],
      ['"soylent" + coin=USD + status=completed', { search: 'soylent', coin: 'USD', status: 'completed' }],
      ['"treasury" (emails only) + coin=USD', { search: 'treasury', coin: 'USD' }],
      ['"soylent foods" + coin=USD (several words)', { search: 'soylent foods', coin: 'USD' }],
      ['"payment" + coin=USD (names and emails)', { search: 'payment', coin: 'USD' }],
      ['"pay" + coin=EUR', { search: 'pay', coin: 'EUR' }],
      ['"intermediary" (names only) + coin=EUR', { search: 'intermediary', coin: 'EUR' }],
      ['"intermediary" (names only) + coin=GBP', { search: 'intermediary', coin: 'GBP' }],
      ['"river" + coin=GBP + status=completed', { search: 'river', coin: 'GBP', status: 'completed' }],
      ['"intermediary" + coin=EUR, page 5', { search: 'intermediary', coin: 'EUR', page: '5' }],
      ['"intermediary" + coin=EUR, page 20', { search: 'intermediary', coin: 'EUR', page: '20' }],
      ['"intermediary" + coin=EUR, page 200', { search: 'intermediary', coin: 'EUR', page: '200' }],
      ['"intermediary", page 20', { search: 'intermediary', page: '20' }],
      ['"river" + coin=GBP + status=completed, page 5', { search: 'river', coin: 'GBP', status: 'completed', page: '5' }],
      ['"chen" + coin=USD (names and emails)', { search: 'chen', coin: 'USD' }],
      ['"pay" + coin=USD', { search: 'pay', coin: 'USD' }],
      ['"pay", page 50 (deep, common)', { search: 'pay', page: '50' }],
      ['"chen", page 50', { search: 'chen', page: '50' }],
      ['"soylent", page 50 (its email accounts\' rows not per day)', { search: 'soylent', page: '50' }],
      ['"soylent" + last 30 days', { search: 'soylent', startDate: daysAgo(30) }],
      ['"soylent" + one week', { search: 'soylent', startDate: daysAgo(14), endDate: daysAgo(7) }],
      ['"payment" + last 30 days', { search: 'payment', startDate: daysAgo(30) }],
      ['"pay" + last 30 days', { search: 'pay', startDate: daysAgo(30) }],
      ['"soylent" + last 30 days from 06:00', { search: 'soylent', startDate: `${daysAgo(30)}T06:00:00Z` }],
      [
        '"soylent" + 06:00-18:00 of one day',
        { search: 'soylent', startDate: `${daysAgo(3)}T06:00:00Z`, endDate: `${daysAgo(3)}T18:00:00Z` },
      ],
      [
        '"soylent" + 7 days 06:00 to 18:00',
        { search: 'soylent', startDate: `${daysAgo(10)}T06:00:00Z`, endDate: `${daysAgo(3)}T18:00:00Z` },
      ],
      [
        '"payment" + 7 days 06:00 to 18:00',
        { search: 'payment', startDate: `${daysAgo(10)}T06:00:00Z`, endDate: `${daysAgo(3)}T18:00:00Z` },
      ],
      [
        '"treasury" + 7 days 06:00 to 18:00',
        { search: 'treasury', startDate: `${daysAgo(10)}T06:00:00Z`, endDate: `${daysAgo(3)}T18:00:00Z` },
      ],
    ]),
);
const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
console.log(
  `workspace "${ws.name}", ${runs} runs each (after ${warmup}), load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log('| shape | total | p50 ms | p99 ms |\n|---|---|---|---|');
for (const [name, query] of shapes.filter(([n]) => !only || n.includes(only))) {
  const ms: number[] = [];
  let total = 0;
  for (let i = 0; i < runs + warmup; i++) {
    const t = performance.now();
    const page = await listTransactions(ctx, query);
    if (i >= warmup) ms.push(performance.now() - t);
    total = page.total;
  }
  ms.sort((a, b) => a - b);
  console.log(`| ${name} | ${total} | ${pct(ms, 50).toFixed(1)} | ${pct(ms, 99).toFixed(1)} |`);
}
await database.close();
