import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Deps } from '../context.js';
import { SYSTEM_NOTES } from './events.js';
import { MAX_RETRIES, type RetryPolicy, retryDelayMs } from './retry-schedule.js';
import type { SendResult, WebhookSender } from './sender.js';
import { SIGNATURE_VERSION, signDetached } from './sign.js';
import { currentSigningKey } from './signing-keys.js';

export interface DispatcherOptions {
  sender: WebhookSender;
  retry: RetryPolicy;
  timeoutMs: number;
  /** Deliveries claimed per round. */
  batchSize?: number;
  /** Attempts in flight at once. */
  concurrency?: number;
  /** Idle wait between rounds that found nothing. */
  pollMs?: number;
  onError?: (err: unknown) => void;
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
}

const TRUNCATE = 4096;

/** The exact bytes sent for a delivery (SPEC 2.9); the same on every attempt. */
export function deliveryBody(d: Pick<Claimed, 'id' | 'type' | 'accountId' | 'occurredAt' | 'details'>): Uint8Array {
  return new TextEncoder().encode(
    JSON.stringify({
      webhookId: d.id,
      type: d.type,
      accountId: d.accountId,
      timestamp: d.occurredAt.toISOString(),
      details: d.details,
      systemNotes: SYSTEM_NOTES,
    }),
  );
}

/**
 * Durable, at-least-once delivery. Each round claims due deliveries with `FOR UPDATE SKIP LOCKED`
 * and a lease (so concurrent workers never send one attempt twice at once, and a dead worker's
 * deliveries come back when its lease ends), signs and sends them, and records every attempt.
 * The schedule lives in the database, never only in memory.
 */
export class Dispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly deps: Deps,
    private readonly opts: DispatcherOptions,
  ) {}

  private get leaseMs(): number {
    return this.opts.timeoutMs + 30_000;
  }

  /** One round: claim, send, record. Returns how many deliveries it handled. */
  async runOnce(): Promise<number> {
    const now = this.deps.clock.now();
    const leaseUntil = new Date(now.getTime() + this.leaseMs);
    const batch = this.opts.batchSize ?? 50;
    const claimed = await this.deps.db.$queryRaw<Claimed[]>`
      WITH due AS (
        SELECT d.id FROM webhook_deliveries d JOIN webhook_targets t ON t.id = d.target_id AND t.status = 'active'
        WHERE d.status = 'pending' AND d.next_attempt_at <= ${now} AND (d.lease_until IS NULL OR d.lease_until < ${now})
        ORDER BY d.next_attempt_at LIMIT ${batch}
        FOR UPDATE OF d SKIP LOCKED
      ), leased AS (
        UPDATE webhook_deliveries d SET lease_until = ${leaseUntil} FROM due WHERE d.id = due.id
        RETURNING d.id, d.attempts, d.workspace_id, d.event_id, d.target_id
      )
      SELECT l.id::text AS id, l.attempts, l.workspace_id::text AS "workspaceId", e.type, e.account_id::text AS "accountId",
        e.occurred_at AS "occurredAt", e.details, t.url, t.id::text AS "targetId"
      FROM leased l JOIN events e ON e.id = l.event_id JOIN webhook_targets t ON t.id = l.target_id`;
    if (!claimed.length) return 0;
    const key = await currentSigningKey(this.deps);
    const queue = [...claimed];
    const workers = Array.from({ length: Math.min(this.opts.concurrency ?? 16, queue.length) }, async () => {
      for (let d = queue.shift(); d; d = queue.shift()) {
        const result = await this.attempt(d, key);
        await this.record(d, leaseUntil, result);
      }
    });
    await Promise.all(workers);
    return claimed.length;
  }

  private async attempt(d: Claimed, key: Awaited<ReturnType<typeof currentSigningKey>>): Promise<SendResult & { startedAt: Date }> {
    const startedAt = this.deps.clock.now();
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    const body = deliveryBody(d);
    const signature = await signDetached(key, body, { timestamp, webhookId: d.id, tenantId: d.workspaceId });
    const headers = {
      'content-type': 'application/json',
      'x-service-signature': signature,
      'x-service-signature-version': SIGNATURE_VERSION,
      'x-service-timestamp': String(timestamp),
      'x-service-webhook-id': d.id,
      'x-service-retry-count': String(d.attempts),
      'x-tenant-id': d.workspaceId,
    };
    try {
      return { ...(await this.opts.sender.send(d.url, headers, body)), startedAt };
    } catch (err) {
      return { statusCode: null, error: (err as Error).message, responseBody: null, durationMs: 0, startedAt };
    }
  }

  /** Records an attempt and its consequence, if this worker still holds the lease. */
  private async record(d: Claimed, leaseUntil: Date, r: SendResult & { startedAt: Date }): Promise<void> {
    const ok = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
    const attempts = d.attempts + 1;
    const exhausted = !ok && attempts > MAX_RETRIES;
    const now = this.deps.clock.now();
    const error = ok ? null : (r.error ?? `HTTP ${r.statusCode}`);
    await this.deps.db.$transaction(async (tx: Prisma.TransactionClient) => {
      const held = await tx.webhookDelivery.updateMany({
        where: { id: d.id, status: 'pending', leaseUntil },
        data: {
          attempts,
          leaseUntil: null,
          lastStatusCode: r.statusCode,
          lastError: error,
          ...(ok || exhausted
            ? { status: ok ? 'succeeded' : 'failed', completedAt: now }
            : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(this.opts.retry, attempts)) }),
        },
      });
      if (held.count === 0) return; // the lease ran out and another worker owns the delivery now
      await tx.webhookAttempt.create({
        data: {
          id: this.deps.ids.uuid(),
          deliveryId: d.id,
          retryCount: d.attempts,
          startedAt: r.startedAt,
          durationMs: Math.round(r.durationMs),
          statusCode: r.statusCode,
          error,
          responseBody: r.responseBody?.slice(0, TRUNCATE) ?? null,
        },
      });
      if (exhausted) {
        await tx.webhookTarget.updateMany({
          where: { id: d.targetId, status: 'active' },
          data: {
            status: 'disabled',
            disabledAt: now,
            updatedAt: now,
            disabledReason: `delivery ${d.id} (${d.type}) failed ${attempts} attempts; last: ${error}`.slice(0, 500),
          },
        });
      }
    });
  }

  /** Runs rounds until stopped: at once while there is work, every `pollMs` when idle. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = async () => {
      if (this.stopped) return;
      let handled = 0;
      this.running = (async () => {
        try {
          handled = await this.runOnce();
        } catch (err) {
          this.opts.onError?.(err);
        }
      })();
      await this.running;
      if (!this.stopped) this.timer = setTimeout(loop, handled ? 0 : (this.opts.pollMs ?? 100));
    };
    void loop();
  }

  /** Stops after the round in flight (its attempts are recorded). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
