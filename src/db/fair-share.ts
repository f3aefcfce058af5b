/**
 * Fair sharing of the database between callers (workspaces: `setDbCaller`), so that one caller's
 * long scans cannot hold the database for everyone (issue 37).
 *
 * - `FairQueue` orders the units of work waiting for PGlite's single connection (a statement, or a
 *   whole transaction): units of the scan class (slices of a long aggregate, each bounded by
 *   `scanChunkRows`) after all others; then the caller that has used the connection least recently goes first (its use
 *   is the time its units held the connection, decaying by half every `halfLifeMs`), in the order
 *   sent within one caller. A cheap caller's statement therefore runs next after the statement
 *   running now, however many a heavy caller has queued.
 * - `ShareGate` bounds the PostgreSQL connections one caller holds at once to its share of the pool;
 *   its calls beyond that wait in its own queue, never in the pool's queue where everybody waits.
 *
 * Both refuse a call of a known caller whose own oldest queued call has waited longer than
 * `callerWaitMs` (`DatabaseShareExceeded`: 503 OVERLOADED with Retry-After), so a caller's queue
 * stays bounded without refusing anyone else. Calls without a caller (authentication, sign-in,
 * background work) are never refused here.
 */

/** Thrown for a call whose caller's own queue has waited past the bound: answered 503 OVERLOADED with Retry-After. */
export class DatabaseShareExceeded extends Error {
  readonly code = 'FAS_DB_SHARE';
  constructor(waitedMs: number) {
    super(`this workspace's database calls have waited ${Math.round(waitedMs)} ms for its share of the database`);
    this.name = 'DatabaseShareExceeded';
  }
}

/** The caller of calls made outside any authenticated request. */
export const NO_CALLER = '';

interface Job {
  caller: string;
  /** A slice of a long scan (`asScan`): waits while any other call waits. */
  scan: boolean;
  at: number;
  start: () => void;
}

/** Decaying use of the database per caller, in ms of connection time. */
class Usage {
  private readonly used = new Map<string, { ms: number; at: number }>();
  constructor(private readonly halfLifeMs: number) {}

  of(caller: string, now = performance.now()): number {
    const u = this.used.get(caller);
    return u ? u.ms * 0.5 ** ((now - u.at) / this.halfLifeMs) : 0;
  }

  add(caller: string, ms: number): void {
    const now = performance.now();
    this.used.set(caller, { ms: this.of(caller, now) + ms, at: now });
    // Forget callers whose use has decayed to nothing, so the map stays small.
    if (this.used.size > 1000) for (const [c] of this.used) if (this.of(c, now) < 1) this.used.delete(c);
  }
}

export interface FairOptions {
  /** Units run at once (PGlite: 1). */
  slots: number;
  /** A known caller's call is refused when its own oldest queued call has waited longer (ms; 0 = never). */
  callerWaitMs: number;
  halfLifeMs?: number;
}

/** Units of work for a few slots, the least-used caller first (PGlite's single connection). */
export class FairQueue {
  private readonly queues = new Map<string, Job[]>();
  private readonly usage: Usage;
  private running = 0;
  private queuedCount = 0;
  /** When the unit holding a slot now began (performance.now()); 0 when every slot is free. */
  private since = 0;

  constructor(private readonly opts: FairOptions) {
    this.usage = new Usage(opts.halfLifeMs ?? 1000);
  }

  set callerWaitMs(ms: number) {
    this.opts.callerWaitMs = ms;
  }

  /**
   * Runs `fn` when a slot is free and no less-used caller waits; its time counts as `caller`'s use.
   * A `scan` unit (a slice of a long aggregate) goes after every waiting unit that is not one.
   */
  run<T>(caller: string, fn: () => Promise<T>, scan = false): Promise<T> {
    const own = this.queues.get(caller);
    const oldest = own?.[0];
    if (oldest && caller !== NO_CALLER && this.opts.callerWaitMs > 0) {
      const waited = performance.now() - oldest.at;
      if (waited > this.opts.callerWaitMs) return Promise.reject(new DatabaseShareExceeded(waited));
    }
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        caller,
        scan,
        at: performance.now(),
        start: () => {
          const began = performance.now();
          this.since = began;
          fn()
            .then(resolve, reject)
            .finally(() => {
              this.usage.add(caller, performance.now() - began);
              this.running--;
              if (this.running === 0) this.since = 0;
              this.next();
            });
        },
      };
      if (own) own.push(job);
      else this.queues.set(caller, [job]);
      this.queuedCount++;
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.opts.slots && this.queuedCount > 0) {
      const now = performance.now();
      let best: string | undefined;
      let bestScan = true;
      let bestUse = Number.POSITIVE_INFINITY;
      let bestAt = Number.POSITIVE_INFINITY;
      for (const [caller, jobs] of this.queues) {
        // Cheap units first; then the least-used caller; then the oldest.
        const scan = jobs[0]?.scan ?? true;
        const use = this.usage.of(caller, now);
        const at = jobs[0]?.at ?? Number.POSITIVE_INFINITY;
        const better = scan !== bestScan ? !scan : use < bestUse || (use === bestUse && at < bestAt);
        if (best === undefined || better) {
          best = caller;
          bestScan = scan;
          bestUse = use;
          bestAt = at;
        }
      }
      if (best === undefined) return;
      const jobs = this.queues.get(best) as Job[];
      const job = jobs.shift() as Job;
      if (jobs.length === 0) this.queues.delete(best);
      this.queuedCount--;
      this.running++;
      job.start();
    }
  }

  /** Units waiting for a slot. */
  queued(): number {
    return this.queuedCount;
  }

  /** Units holding a slot now. */
  active(): number {
    return this.running;
  }

  /**
   * How long a caller without recent use would wait if it sent a call now, as measured: the time
   * the unit holding the connection has held it so far (such a caller goes next after it). A heavy
   * caller's own long queue does not count: it is that caller's wait, bounded by `callerWaitMs`.
   */
  fairWaitMs(): number {
    if (this.running < this.opts.slots || this.since === 0) return 0;
    return performance.now() - this.since;
  }

  /** How long each caller's oldest queued call has waited (tests, metrics). */
  waits(): Map<string, number> {
    const now = performance.now();
    return new Map([...this.queues].map(([c, jobs]) => [c, now - (jobs[0]?.at ?? now)]));
  }
}

/**
 * At most `share` connections of a pool held by one caller at once, of which at most `scanShare`
 * run statements of the scan class (`asScan`: an aggregate reading every row of a range); its
 * further calls wait in a queue of its own (FIFO within a class: a cheap call passes a queued scan
 * when a place is free), and are refused past `callerWaitMs`. Calls without a caller pass freely.
 * A scan keeps a core busy for its whole length: on a machine of few cores, a caller's several
 * scans at once left the HTTP thread (health probes, other workspaces' answers) waiting for a core.
 */
export class ShareGate {
  private readonly held = new Map<string, { all: number; scans: number }>();
  private readonly queues = new Map<string, { at: number; scan: boolean; go: () => void }[]>();

  constructor(
    public share: number,
    public callerWaitMs: number,
    public scanShare = share,
  ) {}

  private fits(caller: string, scan: boolean): boolean {
    const held = this.held.get(caller);
    return (held?.all ?? 0) < this.share && (!scan || (held?.scans ?? 0) < Math.max(1, Math.min(this.scanShare, this.share)));
  }

  private count(caller: string, scan: boolean): void {
    const held = this.held.get(caller) ?? { all: 0, scans: 0 };
    held.all++;
    if (scan) held.scans++;
    this.held.set(caller, held);
  }

  /** Waits for a place within `caller`'s share (and scan share, for a `scan`); answers the function that gives it back. */
  async enter(caller: string | undefined, scan = false): Promise<() => void> {
    if (caller === undefined || caller === NO_CALLER) return () => {};
    const queue = this.queues.get(caller);
    if (this.fits(caller, scan) && !queue?.some((q) => q.scan === scan)) {
      this.count(caller, scan);
      return this.leave(caller, scan);
    }
    const oldest = queue?.[0];
    if (oldest && this.callerWaitMs > 0) {
      const waited = performance.now() - oldest.at;
      if (waited > this.callerWaitMs) throw new DatabaseShareExceeded(waited);
    }
    await new Promise<void>((go) => {
      const entry = { at: performance.now(), scan, go };
      if (queue) queue.push(entry);
      else this.queues.set(caller, [entry]);
    });
    return this.leave(caller, scan);
  }

  private leave(caller: string, scan: boolean): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const held = this.held.get(caller) ?? { all: 1, scans: scan ? 1 : 0 };
      held.all--;
      if (scan) held.scans--;
      if (held.all <= 0) this.held.delete(caller);
      // The freed place passes to the caller's queued calls that fit now, in order.
      const queue = this.queues.get(caller);
      if (!queue) return;
      for (let i = 0; i < queue.length; ) {
        const next = queue[i] as (typeof queue)[number];
        if (!this.fits(caller, next.scan)) {
          i++;
          continue;
        }
        queue.splice(i, 1);
        this.count(caller, next.scan);
        next.go();
      }
      if (queue.length === 0) this.queues.delete(caller);
    };
  }

  /** Connections `caller` holds now. */
  holding(caller: string): number {
    return this.held.get(caller)?.all ?? 0;
  }

  /** Calls waiting in callers' own queues. */
  queued(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }
}
