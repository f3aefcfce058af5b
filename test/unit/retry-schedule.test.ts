import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, MAX_RETRIES, retryDelayMs } from '../../src/core/webhooks/retry-schedule.js';

describe('retry schedule', () => {
  it('grows by the factor from the base: 5, 15, 45, 135, 405 minutes without jitter', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, jitter: 0 };
    expect(Array.from({ length: MAX_RETRIES }, (_, i) => retryDelayMs(policy, i + 1) / 60_000)).toEqual([5, 15, 45, 135, 405]);
  });

  it.each([
    [0, 0.8],
    [0.5, 1],
    [1, 1.2],
  ])('jitter stays within +-20%% (random %d gives x%d)', (random, share) => {
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 2, () => random)).toBe(Math.round(15 * 60_000 * share));
  });
});
