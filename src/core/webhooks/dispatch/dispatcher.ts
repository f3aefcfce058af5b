import type { Deps } from '../../context.js';
import type { RetryPolicy } from '../retry-schedule.js';
import type { SendResult, WebhookSender } from '../sender.js';
import { AttemptBatch } from './attempt-batch.js';
import { type ClaimedDelivery, claimDeliveries, parkStranded } from './claim-deliveries.js';
import { sendAttempt } from './send-attempt.js';
import { SigningKeyCache } from './signing-key-cache.js';

export interface DispatcherOptions {
  sender: WebhookSender;
  retry: RetryPolicy;
  timeoutMs: number;
  /** Most deliveries claimed by one query. */
  batchSize?: number;
  /** Attempts in flight at once. */
  concurrency?: number;
  /** Wait before looking again when nothing was due. */
  pollMs?: number;
  /**
   * Subscribes `wake` to "deliveries are due now" (NOTIFY on `DELIVERIES_CHANNEL`), so a new event
   * is sent at once instead of at the next poll; answers the unsubscribe.
   */
  wakeups?: (wake: () => void) => Promise<() => Promise<void>>;
  onError?: (err: unknown) => void;
  observer?: DispatcherObserver;
}

/** Told of every attempt as it finishes (metrics); must not throw. */
export interface DispatcherObserver {
  attempt(a: { statusCode: number | null; durationMs: number; retryCount: number; sinceEventMs: number }): void;
}

/** How often the dispatcher parks deliveries left due for a paused or disabled target (`parkStranded`). */
const SWEEP_MS = 30_000;

/**
 * Durable, at-least-once delivery. Due deliveries are claimed under a lease (`claimDeliveries`),
 * signed and sent (`sendAttempt`), and every attempt is recorded with its consequence
 * (`AttemptBatch`). The schedule lives in the database, never only in memory.
 *
 * Running (`start`), it is a pipeline, not a series of rounds: up to `concurrency` attempts are in
 * flight, more are claimed as soon as half of the slots are free, so one slow target never
 * holds up the others; finished attempts are recorded in bulk.
 */
export class Dispatcher {
  private running: Promise<void> | undefined;
  private stopped = true;
  private wake: (() => void) | undefined;
  /** A wake-up came while the pump was busy: look again before sleeping. */
  private woken = false;
  private readonly keys: SigningKeyCache;
  private readonly recorded: AttemptBatch;

  constructor(
    private readonly deps: Deps,
    private readonly opts: DispatcherOptions,
  ) {
    this.keys = new SigningKeyCache(deps);
    this.recorded = new AttemptBatch(deps, opts.retry, opts.onError);
  }

  private get batchSize(): number {
    return this.opts.batchSize ?? 50;
  }

  private get concurrency(): number {
    return this.opts.concurrency ?? 32;
  }

  private lastSweep = 0;

  /** Claims due deliveries; every `SWEEP_MS` first parks any left due for a target that is not active. */
  private async claim(limit: number): Promise<ClaimedDelivery[]> {
    const now = Date.now();
    if (now - this.lastSweep >= SWEEP_MS) {
      this.lastSweep = now;
      await parkStranded(this.deps);
    }
    return claimDeliveries(this.deps, limit, this.opts.timeoutMs);
  }

  /** One round: claims up to a batch of due deliveries, sends them, records them. Answers how many. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim(this.batchSize);
    const queue = [...claimed];
    await Promise.all(
      Array.from({ length: Math.min(this.concurrency, queue.length) }, async () => {
        for (let d = queue.shift(); d; d = queue.shift()) await this.deliver(d);
      }),
    );
    await this.recorded.flushed();
    return claimed.length;
  }

  /** Runs until stopped: claims whenever slots are free, waits `pollMs` when nothing is due. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.pump();
  }

  private readonly onWake = () => {
    this.woken = true;
    this.wake?.();
  };

  /** Stops claiming, lets the attempts in flight finish and records them. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  private async pump(): Promise<void> {
    let unsubscribe: (() => Promise<void>) | undefined;
    try {
      unsubscribe = await this.opts.wakeups?.(this.onWake);
    } catch (err) {
      this.opts.onError?.(err); // polling alone still delivers
    }
    const inflight = new Set<Promise<void>>();
    // Claims wait for half the slots: a claim costs the database about as much to plan and run for
    // a few rows as for many, and the half still in flight keeps the signing pool busy meanwhile.
    const refillAt = Math.max(1, Math.ceil(this.concurrency / 2));
    while (!this.stopped) {
      const free = this.concurrency - inflight.size;
      if (free < refillAt) {
        await Promise.race(inflight);
        continue;
      }
      let claimed: ClaimedDelivery[] = [];
      this.woken = false;
      try {
        claimed = await this.claim(Math.min(this.batchSize, free));
      } catch (err) {
        this.opts.onError?.(err);
      }
      if (!claimed.length) {
        await this.sleep(this.opts.pollMs ?? 100);
        continue;
      }
      for (const d of claimed) {
        const p: Promise<void> = this.deliver(d).finally(() => inflight.delete(p));
        inflight.add(p);
      }
    }
    await unsubscribe?.().catch((err) => this.opts.onError?.(err));
    await Promise.all(inflight);
    await this.recorded.flushed();
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Signs and sends one attempt, then queues it for recording. Never throws. */
  private async deliver(d: ClaimedDelivery): Promise<void> {
    const startedAt = this.deps.clock.now();
    let result: SendResult;
    try {
      result = await sendAttempt(this.opts.sender, () => this.keys.get(), d, startedAt);
    } catch (err) {
      result = { statusCode: null, error: (err as Error).message, responseBody: null, durationMs: 0 };
    }
    this.opts.observer?.attempt({
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      retryCount: d.attempts,
      sinceEventMs: startedAt.getTime() - d.occurredAt.getTime(),
    });
    this.recorded.add(
      {
        workspaceId: d.workspaceId,
        deliveryId: d.id,
        targetId: d.targetId,
        eventType: d.type,
        retryCount: d.attempts,
        retryFrom: d.retryFrom,
        test: d.test,
        leaseUntil: d.leaseUntil,
        startedAt,
        result,
      },
      this.stopped,
    );
  }
}
