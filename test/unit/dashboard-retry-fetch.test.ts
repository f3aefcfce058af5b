import { describe, expect, it } from 'vitest';
import { retryAfterMs, retryingFetch } from '../../src/dashboard/retry-fetch.js';

const answer = (status: number, headers: Record<string, string> = {}) => new Response('{}', { status, headers });

/** A fetch that answers from a script, and the waits the retry asked for. */
function scripted(...answers: Response[]) {
  const waits: number[] = [];
  let calls = 0;
  const f = retryingFetch({
    fetch: async () => answers[calls++] ?? answer(200),
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { f, waits, calls: () => calls };
}

describe('the dashboard fetch when the server sheds or limits', () => {
  it('waits as Retry-After says and tries again after a 503 or a 429', async () => {
    const s = scripted(answer(503, { 'retry-after': '1' }), answer(429, { 'retry-after': '2' }), answer(200));
    expect((await s.f('/trpc/x')).status).toBe(200);
    expect(s.calls()).toBe(3);
    expect(s.waits[0]).toBeGreaterThanOrEqual(1000);
    expect(s.waits[0]).toBeLessThan(1250);
    expect(s.waits[1]).toBeGreaterThanOrEqual(2000);
  });

  it('passes a 503 without Retry-After, other errors, and the last refusal after 4 tries straight on', async () => {
    expect((await scripted(answer(503)).f('/trpc/x')).status).toBe(503);
    expect((await scripted(answer(500, { 'retry-after': '1' })).f('/trpc/x')).status).toBe(500);
    const busy = scripted(...Array.from({ length: 6 }, () => answer(503, { 'retry-after': '1' })));
    expect((await busy.f('/trpc/x')).status).toBe(503);
    expect(busy.calls()).toBe(4);
    const long = scripted(answer(503, { 'retry-after': '60' }));
    expect((await long.f('/trpc/x')).status).toBe(503);
    expect(long.calls()).toBe(1);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(retryAfterMs(answer(503, { 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterMs(answer(429, { 'retry-after': 'Wed, 25 Nov 2026 12:00:05 GMT' }), now)).toBe(5000);
    expect(retryAfterMs(answer(503, { 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterMs(answer(200, { 'retry-after': '3' }), now)).toBeUndefined();
  });
});
