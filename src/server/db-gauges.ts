import type { Deps } from '../core/context.js';
import { type DeliveryGauges, readDeliveryGauges } from '../core/webhooks/delivery-gauges.js';

/** What the database gauges report, as last read. */
export type DbGaugeValues = DeliveryGauges;

export interface DbGauges {
  /** The last values read, or null before the first read succeeded. */
  values(): DbGaugeValues | null;
  /** Seconds since the last successful read (null before the first). */
  ageSeconds(): number | null;
  /** Whether the values are late: never read, the last read failed or timed out, or older than twice the refresh interval. */
  stale(): boolean;
  /** Reads now (at most one read at a time; a read past the timeout is abandoned). */
  refresh(): Promise<void>;
  stop(): void;
}

/**
 * The gauges read from the database (delivery queue, disabled targets), refreshed in the
 * background every `refreshMs` with a timeout, so a scrape answers from memory at once however
 * busy or blocked the database is; late values are marked stale (`fas_db_gauges_stale`), not waited for.
 */
export function dbGauges(deps: Pick<Deps, 'sql'>, opts: { refreshMs: number; timeoutMs: number }): DbGauges {
  let last: DbGaugeValues | null = null;
  let readAt: number | null = null;
  let late = false;
  // At most one read on the database at a time: one abandoned after the timeout is not repeated
  // while it still waits there, so a blocked database never accumulates reads.
  let reading: Promise<DbGaugeValues> | null = null;
  const read = (): Promise<DbGaugeValues> => readDeliveryGauges(deps);
  const start = (): Promise<DbGaugeValues> => {
    const r = read();
    reading = r;
    r.then(
      (v) => {
        last = v;
        readAt = Date.now();
        late = false;
      },
      () => {
        late = true;
      },
    ).finally(() => {
      if (reading === r) reading = null;
    });
    return r;
  };
  const refresh = async (): Promise<void> => {
    const r = reading ?? start();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), opts.timeoutMs);
      timer.unref();
    });
    const outcome = await Promise.race([
      r.then(
        () => 'read' as const,
        () => 'failed' as const,
      ),
      timeout,
    ]);
    clearTimeout(timer);
    if (outcome !== 'read') late = true;
  };
  const interval = setInterval(() => void refresh(), opts.refreshMs);
  interval.unref();
  void refresh();
  return {
    values: () => last,
    ageSeconds: () => (readAt === null ? null : (Date.now() - readAt) / 1000),
    stale: () => readAt === null || late || Date.now() - readAt > 2 * opts.refreshMs,
    refresh,
    stop: () => clearInterval(interval),
  };
}
