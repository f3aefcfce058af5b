import type { Deps } from '../../context.js';
import type { RetryPolicy } from '../retry-schedule.js';
import { type AttemptOutcome, recordAttempts } from './record-attempts.js';

/** Most attempts recorded by one statement. */
const RECORD_CHUNK = 500;
/**
 * Finished attempts wait up to this long to be recorded together (unless a chunk is waiting), so
 * a steady trickle costs a few statements a second, not one per attempt. It delays only the
 * bookkeeping, never a send; the lease covers it many times over.
 */
const RECORD_DELAY_MS = 20;

/**
 * Finished attempts, recorded in bulk: one statement for all that finished within
 * `RECORD_DELAY_MS` or while the previous statement ran. If recording fails the deliveries stay
 * leased and are attempted again after the lease (at least once).
 */
export class AttemptBatch {
  private readonly pending: AttemptOutcome[] = [];
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: Deps,
    private readonly retry: RetryPolicy,
    private readonly onError?: (err: unknown) => void,
  ) {}

  /** Queues a finished attempt; `now` records it without waiting for others (the dispatcher is stopping). */
  add(outcome: AttemptOutcome, now: boolean): void {
    this.pending.push(outcome);
    if (this.flushing || this.timer) return;
    if (this.pending.length >= RECORD_CHUNK || now) this.flushing = this.flush();
    else this.timer = setTimeout(() => this.flushNow(), RECORD_DELAY_MS);
  }

  /** Records everything queued so far, and waits for it. */
  async flushed(): Promise<void> {
    this.flushNow();
    while (this.flushing) await this.flushing;
  }

  private flushNow(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length) this.flushing ??= this.flush();
  }

  /** Records whatever has finished, one statement per chunk, until nothing is left. */
  private async flush(): Promise<void> {
    // Yield first: attempts finishing in the same tick join this statement, and `flushing` is
    // always set before it is cleared.
    await Promise.resolve();
    try {
      while (this.pending.length) {
        const chunk = this.pending.splice(0, RECORD_CHUNK);
        try {
          await recordAttempts(this.deps, this.retry, chunk);
        } catch (err) {
          this.onError?.(err);
        }
      }
    } finally {
      this.flushing = undefined;
    }
  }
}
