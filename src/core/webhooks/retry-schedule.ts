import { DEFAULTS } from '../../defaults.js';

/** Retries after the first attempt (docs/api.md, "Retries and disabling"); then the target is disabled. */
export const MAX_RETRIES = 5;

export interface RetryPolicy {
  baseMs: number;
  factor: number;
  /** 0..1: the delay varies by up to this share either way, so failed deliveries spread out. */
  jitter: number;
}

/** Default: 5 min, 15 min, 45 min, 2 h 15 min, 6 h 45 min (about 10 hours in all), +-20%. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = DEFAULTS.webhookRetry;

/** The wait before retry `n` (1..5): base * factor^(n-1), jittered. */
export function retryDelayMs(policy: RetryPolicy, n: number, random: () => number = Math.random): number {
  const nominal = policy.baseMs * policy.factor ** (n - 1);
  return Math.round(nominal * (1 + policy.jitter * (2 * random() - 1)));
}
