import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetryInfo } from '../../packages/client/src/index.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, restClient, startHarness } from '../support/harness.js';

// The server's own rate limiter (one request, refilled every 4 s) answers the second create 429
// with its Retry-After; the client waits that long, sends it again with the same key, and the
// server ends up with each account once. The limiter's clock moves only when the client is told
// to wait (by as much), so a slow machine cannot refill the bucket between the two creates.
let h: Harness;
let clockMs = Date.now();
beforeAll(async () => {
  h = await startHarness({ app: (database) => ({ rateLimit: { perSecond: 0.25, burst: 1, now: () => clockMs, database } }) });
});
afterAll(async () => h?.close());

describe('@fas-gateway/client against the server rate limit', () => {
  it('waits out a real 429 and creates each account exactly once', async () => {
    const ws = await workspaceFactory(h.deps);
    const retries: RetryInfo[] = [];
    const onRetry = (info: RetryInfo) => {
      retries.push(info);
      clockMs += info.retryAfterMs ?? 0;
    };
    const fas = restClient(h, ws.apiKey, { fetch: (r) => fetch(r), retry: { attempts: 4, onRetry } });
    const first = await fas.POST('/api/v2/accounts', { body: { type: 'individual', email: 'first@example.com' } });
    expect(first.response.status).toBe(201);
    const started = Date.now();
    const second = await fas.POST('/api/v2/accounts', { body: { type: 'individual', email: 'second@example.com' } });
    expect(second.response.status, JSON.stringify(second.error)).toBe(201);
    expect(retries).toEqual([expect.objectContaining({ status: 429, attempt: 1, method: 'POST', retryAfterMs: 4000 })]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4000);
    for (const email of ['first@example.com', 'second@example.com']) {
      expect(await h.deps.db.account.count({ where: { workspaceId: ws.workspaceId, email } })).toBe(1);
    }
  }, 60_000);
});
