import { afterAll, beforeAll } from 'vitest';
import type { Deps } from '../../src/core/context.js';
import { Dispatcher, type DispatcherOptions } from '../../src/core/webhooks/dispatch/dispatcher.js';
import type { RetryPolicy } from '../../src/core/webhooks/retry-schedule.js';
import { ensureSigningKey } from '../../src/core/webhooks/rotate-signing-key.js';
import { httpWebhookSender } from '../../src/server/http-webhook-sender.js';
import { type Harness, startHarness } from './harness.js';

/**
 * What a test file of webhook delivery sets up, once: a harness that may deliver to local
 * receivers (`startReceiver`), a signing key, a real HTTP sender with `timeoutMs` (both closed
 * after the file), a clock that `advance` moves ahead so retries are due without waiting, and
 * dispatchers on that clock. With `appClock` the app answers on the same clock (JWKS after a key
 * rotation); otherwise only the dispatchers see it.
 */
export function webhookSetup(opts: { timeoutMs: number; retry?: Partial<RetryPolicy>; appClock?: boolean }) {
  const sender = httpWebhookSender({ timeoutMs: opts.timeoutMs, allowInsecure: true });
  let offset = 0;
  const clock: Deps['clock'] = { now: () => new Date(Date.now() + offset) };
  const setup = {
    /** Set before the file's tests run. */
    h: undefined as unknown as Harness,
    /** The harness's dependencies on the movable clock. */
    deps: undefined as unknown as Deps,
    sender,
    advance(ms: number): void {
      offset += ms;
    },
    dispatcher(more: Partial<DispatcherOptions> = {}): Dispatcher {
      const retry = { baseMs: 60_000, factor: 2, jitter: 0, ...opts.retry };
      return new Dispatcher(setup.deps, { sender, timeoutMs: opts.timeoutMs, retry, ...more });
    },
    /** Dispatcher rounds until nothing is due now (time does not move). */
    async drain(d: Dispatcher = setup.dispatcher()): Promise<void> {
      while ((await d.runOnce()) > 0);
    },
  };
  beforeAll(async () => {
    setup.h = await startHarness({ allowInsecureWebhooks: true, ...(opts.appClock ? { clock } : {}) });
    setup.deps = { ...setup.h.deps, clock };
    await ensureSigningKey(setup.h.deps);
  });
  afterAll(async () => {
    await sender.close();
    await setup.h?.close();
  });
  return setup;
}
