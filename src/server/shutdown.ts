/** After the deadline, how long the rest of the stop (dispatcher, database) may take before the process exits anyway. */
const FORCE_EXIT_AFTER_DEADLINE_MS = 2000;

export interface ShutdownPlan {
  /** Writes one line of the process's log. */
  log: (msg: string, fields: Record<string, unknown>) => void;
  /** Said with "shutting down" (requests in progress, for the server). */
  state?: () => Record<string, unknown>;
  /**
   * Work in progress gets `ms`; then `cut` ends it and the stop goes on; should closing still
   * hang, the process exits (code 1) a little later.
   */
  deadline?: { ms: number; cut: () => void };
  /** The stop itself, in order: take no more work, let what is in flight finish, close the database. */
  stop: () => Promise<void>;
}

/**
 * How `fas serve` and `fas worker` stop on SIGTERM or SIGINT: once, whatever further signals
 * come (a terminal's Ctrl-C reaches npm and the server alike, and must not cut the shutdown
 * short: it finishes, closes the database and removes the lock), then exit 0.
 */
export function stopOnSignals(plan: ShutdownPlan): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      plan.log('already shutting down', { signal });
      return;
    }
    stopping = true;
    plan.log('shutting down', { signal, ...plan.state?.() });
    if (plan.deadline) {
      const { ms, cut } = plan.deadline;
      setTimeout(cut, ms).unref();
      setTimeout(() => process.exit(1), ms + FORCE_EXIT_AFTER_DEADLINE_MS).unref();
    }
    try {
      await plan.stop();
    } finally {
      process.exit(0);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal));
}
