import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics, type Metrics } from '../../src/server/metrics.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, startHarness } from '../support/harness.js';

let h: Harness;
let metrics!: Metrics;
beforeAll(async () => {
  h = await startHarness({
    app: (database) => {
      metrics = createMetrics({ sql: database.sql }, database);
      return { metrics: { metrics, token: 'metrics-token-for-the-labels-test-0123' } };
    },
  });
});
afterAll(async () => h?.close());

const series = async () => {
  const text = await metrics.registry.metrics();
  // The label sets (a series each), without their values.
  return text
    .split('\n')
    .filter((l) => l.startsWith('fas_http_request_duration_seconds_count{'))
    .map((l) => l.slice(0, l.lastIndexOf(' ')));
};

describe('request metrics have bounded labels', () => {
  it('3,000 distinct garbage tRPC and REST paths with a garbage credential add no series', async () => {
    const ws = await workspaceFactory(h.deps);
    const garbage = { authorization: 'APIKey fas_sk_garbagegarbagegarbagegarbage0000' };
    // Every label value the garbage below can reach, seen once first.
    const warm = [
      '/trpc/x.y',
      '/trpc/x.y,accounts.list?batch=1',
      '/api/v2/nothing-here',
      '/api/v2/accounts/00000000-0000-4000-8000-000000000000',
      '/nowhere',
    ];
    for (const url of warm) {
      for (const method of ['GET', 'POST'] as const) await h.app.inject({ method, url, headers: garbage });
    }
    await h.app.inject({ method: 'PROPFIND' as 'GET', url: '/api/v2/accounts', headers: garbage });
    const before = await series();
    // Each path is new, so a single one that became a label would fail the check below: 3,000 cover
    // every shape, batch length (1-30) and method many times (`npm run bench:abuse` sends 20,000).
    for (let i = 0; i < 3_000; i++) {
      const r = Math.random().toString(36).slice(2);
      const url = [
        `/trpc/${`${r}.${i},`.repeat(1 + (i % 30))}accounts.list?batch=1`,
        `/trpc/${encodeURIComponent(`proc ${i} ${r}`)}`,
        `/api/v2/${r}/${i}`,
        `/api/v2/accounts/${r}${i}`,
        `/${r}-${i}`,
      ][i % 5] as string;
      await h.app.inject({ method: i % 3 ? 'GET' : 'POST', url, headers: garbage });
    }
    // GraphQL operation names of callers without a valid credential are not labels either.
    for (let i = 0; i < 300; i++) await graphql(h, 'fas_sk_garbagegarbagegarbagegarbage0000', `query Op${i} { __typename }`);
    const after = await series();
    expect(before.length).toBeGreaterThan(5);
    expect(after.filter((l) => !before.includes(l) && !l.includes('protocol="graphql"'))).toEqual([]);
    expect(after.filter((l) => l.includes('protocol="graphql"') && !l.includes('operation="other"'))).toEqual([]);
    // A known procedure in a batch is still its own label, counted per call.
    await h.app.inject({
      method: 'GET',
      url: '/trpc/accounts.list,accounts.list?batch=1&input=%7B%7D',
      headers: { authorization: `APIKey ${ws.apiKey}` },
    });
    const text = await metrics.registry.metrics();
    expect(text).toMatch(
      /fas_http_request_duration_seconds_count\{protocol="trpc",operation="accounts.list",method="GET",status_class="[24]xx"\} [1-9]/,
    );
  }, 300_000);
});
