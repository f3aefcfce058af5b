import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { Pool } from 'undici';
import { loadConfig } from '../src/config.js';
import { createWorkspace } from '../src/core/workspaces/create-workspace.js';
import { openDeps } from '../src/server/deps.js';
import { rssMiB, startServe } from './support/serve-process.js';
import { type BenchTarget, pgliteTarget, postgresTarget } from './support/targets.js';

const FORMS_REQUESTS = 600;
const DISTINCT_PATHS = 20_000;
const CONCURRENCY = 16;
/** The bypass forms run 2 at a time: the limit, not load shedding, should decide their answers. */
const FORMS_CONCURRENCY = 2;
const METRICS_TOKEN = randomBytes(24).toString('base64url');
const postgres = process.argv.includes('--postgres');

const target = (): Promise<BenchTarget> => (postgres ? postgresTarget('fas_bench_abuse') : pgliteTarget('abuse'));

const startServer = (env: Record<string, string>, port: number) => startServe({ ...env, FAS_METRICS_TOKEN: METRICS_TOKEN }, port);

/** `count` requests, `concurrency` at a time; statuses counted. */
async function drive(
  pool: Pool,
  count: number,
  concurrency: number,
  request: (i: number) => { path: string; method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
) {
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const r = request(next++);
        const res = await pool.request({ path: r.path, method: r.method ?? 'GET', headers: r.headers, body: r.body });
        await res.body.dump();
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      }
    }),
  );
  return { statuses, seconds: (performance.now() - started) / 1000 };
}

async function scrape(base: string) {
  const started = performance.now();
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const ms = performance.now() - started;
  const lines = text.split('\n');
  return {
    bytes: Buffer.byteLength(text),
    samples: lines.filter((l) => l && !l.startsWith('#')).length,
    httpSeries: lines.filter((l) => l.startsWith('fas_http_request_duration_seconds_count{')).length,
    ms,
  };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const count = (m: Map<number, number>, status: number) => m.get(status) ?? 0;
/** Answers of other statuses (503 when the server sheds load), if any. */
const others = (m: Map<number, number>, known: number[]) => {
  const rest = [...m].filter(([s]) => !known.includes(s));
  return rest.length ? `, ${rest.map(([s, n]) => `${n} x ${s}`).join(', ')}` : '';
};

async function main() {
  const t = await target();
  const config = loadConfig({ ...process.env, ...t.env });
  const { database, deps } = await openDeps(config);
  const ws = await createWorkspace(deps, { name: 'Abuse', sandbox: true, adminEmail: 'abuse@example.com' });
  await database.close();
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server = await startServer(t.env, port);
  const base = `http://127.0.0.1:${port}`;
  const pool = new Pool(base, { connections: CONCURRENCY });
  const rows: string[][] = [];
  try {
    const key = ws.apiKey.key;
    // 1. One key in every spelling the authentication accepts.
    const forms = [`APIKey ${key}`, `Bearer ${key}`, `apikey  ${key}`, `BEARER\t${key}`, `Bearer ${key}\t`, `APIKEY   ${key}`];
    const spelt = await drive(pool, FORMS_REQUESTS, FORMS_CONCURRENCY, (i) => ({
      path: '/api/v2/accounts?limit=1',
      headers: { authorization: forms[i % forms.length] as string },
    }));
    const allowed = 100 + 50 * spelt.seconds;
    rows.push([
      `one key, ${forms.length} spellings (scheme word, spaces, tabs), ${FORMS_REQUESTS} requests`,
      '584 x 200, 0 x 429',
      `${count(spelt.statuses, 200)} x 200, ${count(spelt.statuses, 429)} x 429${others(spelt.statuses, [200, 429])} in ${fmt(spelt.seconds, 1)} s (the bucket allows ${fmt(allowed)})`,
    ]);
    await new Promise((r) => setTimeout(r, 2500)); // the address's and the key's buckets refill
    // 2. A new garbage credential per request from one address.
    const garbage = await drive(pool, FORMS_REQUESTS, FORMS_CONCURRENCY, (i) => ({
      path: '/api/v2/accounts',
      headers: {
        authorization:
          i % 2 ? `APIKey fas_sk_${randomBytes(24).toString('base64url')}` : `Bearer junk-${i}-${randomBytes(8).toString('hex')}`,
      },
    }));
    rows.push([
      `a new garbage credential per request, ${FORMS_REQUESTS} requests`,
      'no limit (every request 401)',
      `${count(garbage.statuses, 401)} x 401, ${count(garbage.statuses, 429)} x 429${others(garbage.statuses, [401, 429])} in ${fmt(garbage.seconds, 1)} s (the address allows ${fmt(100 + 50 * garbage.seconds)})`,
    ]);
    await new Promise((r) => setTimeout(r, 2500));
    // 3. GraphQL aggregates: each used to count once.
    const stats = JSON.stringify({
      query: '{ a: transactionStats(groupBy: [COIN]) { count } b: transactionStats(groupBy: [STATUS, DAY]) { count } }',
    });
    const gql = await drive(pool, 60, FORMS_CONCURRENCY, () => ({
      path: '/graphql',
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: stats,
    }));
    rows.push([
      'GraphQL, 2 aggregates per request (cost 20,002), 60 requests',
      'counted 1 each (60 x 200)',
      `${count(gql.statuses, 200)} x 200, ${count(gql.statuses, 429)} x 429${others(gql.statuses, [200, 429])} in ${fmt(gql.seconds, 1)} s (21 tokens each)`,
    ]);

    // 4. Metrics under distinct garbage paths with a garbage credential.
    const before = await scrape(base);
    const rssBefore = rssMiB(server.pid as number);
    const distinct = (i: number) => {
      const r = randomBytes(6).toString('hex');
      const path = i % 2 ? `/trpc/${`${r}.${i},`.repeat(1 + (i % 7))}accounts.list?batch=1` : `/api/v2/${r}/${i}`;
      return { path, headers: { authorization: 'APIKey fas_sk_garbagegarbagegarbagegarbage00' } };
    };
    const paths = await drive(pool, DISTINCT_PATHS, CONCURRENCY, distinct);
    const after = await scrape(base);
    const rssAfter = rssMiB(server.pid as number);
    // A second round of as many new paths: every label value they can reach exists by now.
    await drive(pool, DISTINCT_PATHS, CONCURRENCY, distinct);
    const again = await scrape(base);
    rows.push([
      `${fmt(DISTINCT_PATHS)} distinct tRPC/REST paths, garbage credential: /metrics size`,
      '3.65 MB -> 69.5 MB',
      `${fmt(before.bytes / 1e6, 2)} MB -> ${fmt(after.bytes / 1e6, 2)} MB`,
    ]);
    rows.push([
      'samples in /metrics (request-duration series)',
      '1,020 -> 21,020',
      `${fmt(before.samples)} -> ${fmt(after.samples)} (${before.httpSeries} -> ${after.httpSeries}: label values \`other\` by status class, bounded)`,
    ]);
    rows.push([
      `a second ${fmt(DISTINCT_PATHS)} new paths: request-duration series`,
      `(grew by one per path)`,
      `${after.httpSeries} -> ${again.httpSeries}`,
    ]);
    rows.push(['server RSS', '606 -> 868 MB', `${fmt(rssBefore)} -> ${fmt(rssAfter)} MiB`]);
    rows.push(['one scrape after', '1.26 s', `${fmt(after.ms)} ms`]);
    rows.push([
      `answers to the ${fmt(DISTINCT_PATHS)} requests`,
      '',
      `${[...paths.statuses].map(([s, n]) => `${fmt(n)} x ${s}`).join(', ')} in ${fmt(paths.seconds, 1)} s`,
    ]);
  } finally {
    await pool.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await t.cleanup();
  }
  console.log(`\n### ${t.name}: abuse forms (${new Date().toISOString().slice(0, 10)})\n`);
  console.log(`Machine: ${cpus().length} CPUs, Node ${process.version}; load average ${loadavg()[0]?.toFixed(2)} at the end.\n`);
  console.log('| form | before (issue 24) | after |');
  console.log('|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}

await main();
