import type { Deps } from '../core/context.js';
import { pruneEvents } from '../core/events/prune-events.js';

const DAY_MS = 86_400_000;
/** Events deleted by one statement. */
export const PRUNE_BATCH = 1000;
/** Batches per round at most, so one round never runs long; the next round goes on. */
const MAX_BATCHES = 20;
const EVERY_MS = 60_000;

/** One pruning round: batches of PRUNE_BATCH until a batch is not full. Answers how many went. */
export async function pruneOnce(sql: Deps['sql'], opts: { retentionDays: number; now: Date; batch?: number }): Promise<number> {
  const before = new Date(opts.now.getTime() - opts.retentionDays * DAY_MS);
  const batch = opts.batch ?? PRUNE_BATCH;
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const n = await pruneEvents(sql, { before, batch });
    total += n;
    if (n < batch) break;
  }
  return total;
}

/** Prunes events past the retention every minute (in the webhook worker); answers the stop. */
export function startEventPruning(sql: Deps['sql'], opts: { retentionDays: number; onError: (err: unknown) => void }): () => Promise<void> {
  let round: Promise<unknown> = Promise.resolve();
  const tick = () => {
    round = pruneOnce(sql, { retentionDays: opts.retentionDays, now: new Date() }).catch(opts.onError);
  };
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await round;
  };
}
