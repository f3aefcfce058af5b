import type { KeyObject } from 'node:crypto';
import { Prisma } from '../../db/generated/prisma/client.js';
import type { Deps } from '../context.js';
import { deliveryBody } from './delivery-body.js';
import { type AttemptOutcome, recordAttempts } from './record-attempts.js';
import type { RetryPolicy } from './retry-schedule.js';
import type { SendResult, WebhookSender } from './sender.js';
import { SIGNATURE_VERSION, signDetached } from './sign.js';
import { currentSigningKey } from './signing-keys.js';

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

interface Claimed {
  id: string;
  attempts: number;
  workspaceId: string;
  type: string;
  accountId: string | null;
  occurredAt: Date;
  details: unknown;
  url: string;
  targetId: string;
  /** `attempts` when it was last queued again: its retries count from here. */
  retryFrom: number;
  /** A test send: one attempt, marked in the body and a header. */
  test: boolean;
}

type SigningKey = { kid: string; privateKey: KeyObject };

/** How long the signing key is reused before it is looked up again (rotation publishes 65 min ahead). */
const KEY_CACHE_MS = 10_000;
/** Most attempts recorded by one statement. */
const RECORD_CHUNK = 500;
/**
 * Finished attempts wait up to this long to be recorded together (unless a chunk is waiting), so
 * a steady trickle costs a few statements a second, not one per attempt. It delays only the
 * bookkeeping, never a send; the lease covers it many times over.
 */
const RECORD_DELAY_MS = 20;

/**
 * Durable, at-least-once delivery. Due deliveries are claimed with `FOR UPDATE SKIP LOCKED` and a
 * lease (so concurrent workers never send one attempt twice at once, and a dead worker's
 * deliveries come back when its lease ends), signed and sent, and every attempt is recorded with
 * its consequence. The schedule lives in the database, never only in memory.
 *
 * Running (`start`), it is a pipeline, not a series of rounds: up to `concurrency` attempts are in
 * flight, more are claimed as soon as a quarter of the slots are free, so one slow target never
 * holds up the others; finished attempts are recorded in bulk, one statement for all that finished
 * within `RECORD_DELAY_MS` or while the previous statement ran.
 */
export class Dispatcher {
  private running: Promise<void> | undefined;
  private stopped = true;
  private wake: (() => void) | undefined;
  /** A wake-up came while the pump was busy: look again before sleeping. */
  private woken = false;
  private key: { value: SigningKey; fetchedAt: number } | undefined;
  /** The key lookup under way, shared by every attempt that needs the key meanwhile. */
  private keyLookup: Promise<SigningKey> | undefined;
  private readonly pending: AttemptOutcome[] = [];
  private flushing: Promise<void> | undefined;
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: Deps,
    private readonly opts: DispatcherOptions,
  ) {}

  private get batchSize(): number {
    return this.opts.batchSize ?? 50;
  }

  private get concurrency(): number {
    return this.opts.concurrency ?? 32;
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
    await this.flushed();
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
    const refillAt = Math.max(1, Math.ceil(this.concurrency / 4));
    while (!this.stopped) {
      const free = this.concurrency - inflight.size;
      if (free < refillAt) {
        await Promise.race(inflight);
        continue;
      }
      let claimed: (Claimed & { leaseUntil: Date })[] = [];
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
    await this.flushed();
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

  /** Leases up to `limit` due deliveries of active targets, with what sending them needs. */
  private async claim(limit: number): Promise<(Claimed & { leaseUntil: Date })[]> {
    const now = this.deps.clock.now();
    // The lease outlives the attempt (timeout) with room to record it.
    const leaseUntil = new Date(now.getTime() + this.opts.timeoutMs + 30_000);
    // Through the driver, not Prisma: this runs for every batch, and Prisma's per-query overhead
    // was most of its cost.
    const rows = await this.deps.sql<Claimed>(Prisma.sql`
      WITH due AS (
        SELECT d.workspace_id, d.id FROM webhook_deliveries d
          JOIN webhook_targets t ON t.workspace_id = d.workspace_id AND t.id = d.target_id AND t.status = 'active'
        WHERE d.status = 'pending' AND d.next_attempt_at <= ${now} AND (d.lease_until IS NULL OR d.lease_until < ${now})
        ORDER BY d.next_attempt_at LIMIT ${limit}
        FOR UPDATE OF d SKIP LOCKED
      ), leased AS (
        UPDATE webhook_deliveries d SET lease_until = ${leaseUntil} FROM due WHERE d.workspace_id = due.workspace_id AND d.id = due.id
        RETURNING d.id, d.attempts, d.retry_from, d.workspace_id, d.event_id, d.event_type, d.test_event, d.target_id
      )
      SELECT l.id::text AS id, l.attempts, l.retry_from AS "retryFrom", l.workspace_id::text AS "workspaceId", l.event_type AS type,
        CASE WHEN l.test_event IS NULL THEN e.account_id::text ELSE l.test_event->>'accountId' END AS "accountId",
        COALESCE(e.occurred_at, (l.test_event->>'timestamp')::timestamptz) AS "occurredAt",
        COALESCE(e.details, l.test_event->'details') AS details, t.url, t.id::text AS "targetId", l.test_event IS NOT NULL AS test
      FROM leased l LEFT JOIN events e ON e.workspace_id = l.workspace_id AND e.id = l.event_id
        JOIN webhook_targets t ON t.workspace_id = l.workspace_id AND t.id = l.target_id`);
    return rows.map((r) => ({ ...r, occurredAt: new Date(r.occurredAt), leaseUntil }));
  }

  /**
   * The current signing key, looked up at most once per `KEY_CACHE_MS`: when the cache runs out,
   * the attempts in flight wait for one lookup instead of each making its own (up to `concurrency`
   * queries and key decryptions at once, every 10 s, queueing on the pool).
   */
  private signingKey(): Promise<SigningKey> {
    const now = this.deps.clock.now().getTime();
    const age = this.key ? now - this.key.fetchedAt : Number.POSITIVE_INFINITY;
    if (this.key && age >= 0 && age < KEY_CACHE_MS) return Promise.resolve(this.key.value);
    this.keyLookup ??= currentSigningKey(this.deps)
      .then((value) => {
        this.key = { value, fetchedAt: now };
        return value;
      })
      .finally(() => {
        this.keyLookup = undefined;
      });
    return this.keyLookup;
  }

  /** Signs and sends one attempt, then queues it for recording. Never throws. */
  private async deliver(d: Claimed & { leaseUntil: Date }): Promise<void> {
    const startedAt = this.deps.clock.now();
    let result: SendResult;
    try {
      result = await this.send(d, startedAt);
    } catch (err) {
      result = { statusCode: null, error: (err as Error).message, responseBody: null, durationMs: 0 };
    }
    this.opts.observer?.attempt({
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      retryCount: d.attempts,
      sinceEventMs: startedAt.getTime() - d.occurredAt.getTime(),
    });
    this.pending.push({
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
    });
    if (this.flushing || this.flushTimer) return;
    if (this.pending.length >= RECORD_CHUNK || this.stopped) this.flushing = this.flush();
    else this.flushTimer = setTimeout(() => this.flushNow(), RECORD_DELAY_MS);
  }

  private flushNow(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.pending.length) this.flushing ??= this.flush();
  }

  private async send(d: Claimed, startedAt: Date): Promise<SendResult> {
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    const body = deliveryBody(d);
    const signature = await signDetached(await this.signingKey(), body, { timestamp, webhookId: d.id, tenantId: d.workspaceId });
    const headers = {
      'content-type': 'application/json',
      'x-service-signature': signature,
      'x-service-signature-version': SIGNATURE_VERSION,
      'x-service-timestamp': String(timestamp),
      'x-service-webhook-id': d.id,
      // Within the current series: a resend starts again at 0.
      'x-service-retry-count': String(d.attempts - d.retryFrom),
      'x-tenant-id': d.workspaceId,
      ...(d.test ? { 'x-service-test': 'true' } : {}),
    };
    return this.opts.sender.send(d.url, headers, body);
  }

  /**
   * Records whatever has finished, one statement per chunk, until nothing is left. If recording
   * fails the deliveries stay leased and are attempted again after the lease (at least once).
   */
  private async flush(): Promise<void> {
    // Yield first: attempts finishing in the same tick join this statement, and `flushing` is
    // always set before it is cleared.
    await Promise.resolve();
    try {
      while (this.pending.length) {
        const chunk = this.pending.splice(0, RECORD_CHUNK);
        try {
          await recordAttempts(this.deps, this.opts.retry, chunk);
        } catch (err) {
          this.opts.onError?.(err);
        }
      }
    } finally {
      this.flushing = undefined;
    }
  }

  private async flushed(): Promise<void> {
    this.flushNow();
    while (this.flushing) await this.flushing;
  }
}
