import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { histogramQuantile, parsePrometheus, total } from '../../bench/support/metrics-scrape.js';

/** Two processes' expositions, as the webhook bench scrapes them from `fas worker`s. */
async function twoProcesses(observe: (h: Histogram, c: Counter, i: number) => void) {
  return Promise.all(
    [0, 1].map(async (i) => {
      const registry = new Registry();
      const h = new Histogram({ name: 'lag_seconds', help: 'h', buckets: [0.1, 0.5, 1], registers: [registry] });
      const c = new Counter({ name: 'attempts_total', help: 'c', labelNames: ['outcome'], registers: [registry] });
      observe(h, c, i);
      return parsePrometheus(await registry.metrics());
    }),
  );
}

describe('the webhook bench reading /metrics', () => {
  it('sums counters by label over processes', async () => {
    const scrapes = await twoProcesses((_h, c, i) => {
      c.inc({ outcome: 'success' }, 3 + i);
      c.inc({ outcome: 'http_error' }, 1);
    });
    expect(total(scrapes, 'attempts_total', { outcome: 'success' })).toBe(7);
    expect(total(scrapes, 'attempts_total', { outcome: 'http_error' })).toBe(2);
    expect(total(scrapes, 'attempts_total')).toBe(9);
  });

  it('interpolates quantiles in the buckets summed over processes, as histogram_quantile does', async () => {
    // 10 observations: 4 at or under 0.1 s, 4 in (0.1, 0.5], 2 in (0.5, 1].
    const scrapes = await twoProcesses((h) => {
      for (const v of [0.05, 0.05, 0.3, 0.3, 0.7]) h.observe(v);
    });
    expect(histogramQuantile(scrapes, 'lag_seconds', 0.5)).toBeCloseTo(0.1 + 0.4 * (1 / 4), 10);
    expect(histogramQuantile(scrapes, 'lag_seconds', 0.2)).toBeCloseTo(0.05, 10);
    expect(histogramQuantile(scrapes, 'lag_seconds', 0.99)).toBeCloseTo(0.5 + 0.5 * (1.9 / 2), 10);
    expect(total(scrapes, 'lag_seconds_count')).toBe(10);
  });

  it('answers the largest finite bound past it, and NaN without observations', async () => {
    const over = await twoProcesses((h) => h.observe(5));
    expect(histogramQuantile(over, 'lag_seconds', 0.5)).toBe(1);
    expect(histogramQuantile(await twoProcesses(() => {}), 'lag_seconds', 0.5)).toBeNaN();
  });
});
