import { readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardDir } from '../../src/pages/dashboard.js';
import { type Harness, startHarness } from '../support/harness.js';
import { assertDashboardBuilt } from './dashboard-seed.js';

// How the built app is served: deep links, caching, and the JavaScript budget.
describe("the dashboard's files", () => {
  let h: Harness;
  beforeAll(async () => {
    assertDashboardBuilt();
    h = await startHarness();
  });
  afterAll(async () => h?.close());
  const url = (p: string) => `${h.baseUrl}${p}`;

  it('deep links fall back to the app; assets are immutable, HTML is not cached', async () => {
    const deep = await fetch(url('/dashboard/transactions/whatever?status=completed'));
    expect(deep.status).toBe(200);
    expect(deep.headers.get('cache-control')).toBe('no-cache');
    expect(deep.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await deep.text();
    // Initial JavaScript: every script and module preload index.html names; with the chunks pages
    // load later (the overview's charts), all of it stays within 300 KB gzipped.
    const initial = [...html.matchAll(/(?:src|href)="(\/dashboard\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
    expect(initial.length).toBeGreaterThan(0);
    const gz = async (asset: string) => {
      const js = await fetch(url(asset));
      expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      return gzipSync(Buffer.from(await js.arrayBuffer())).byteLength;
    };
    let first = 0;
    for (const asset of initial) first += await gz(asset);
    const all = readdirSync(`${dashboardDir}/assets`).filter((f) => f.endsWith('.js'));
    let total = 0;
    for (const f of all) total += await gz(`/dashboard/assets/${f}`);
    console.log(`dashboard JavaScript: ${(first / 1024).toFixed(1)} KB gzipped at first, ${(total / 1024).toFixed(1)} KB with every chunk`);
    expect(total).toBeLessThanOrEqual(300 * 1024);
    expect((await fetch(url('/dashboard/assets/nope.js'))).status).toBe(404);
    expect((await fetch(url('/dashboard/assets/..%2f..%2fpackage.json'))).status).toBe(404);
  });
});
