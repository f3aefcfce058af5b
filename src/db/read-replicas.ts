import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { ReplicaSet, ReplicaState, ReplicaStatus, SqlRunner } from './database-types.js';
import { Prisma, PrismaClient } from './generated/prisma/client.js';
import { cancelAbandonedStatements } from './pg-cancel.js';

export interface ReplicaOptions {
  urls: readonly string[];
  /** A replica further behind than this is skipped. */
  maxLagMs: number;
  /** The primary: its WAL position is the yardstick, and it answers when a replica fails mid-read. */
  primary: pg.Pool;
  primarySql: SqlRunner;
  pool: (url: string) => pg.Pool;
  sqlRunner: (pool: pg.Pool) => SqlRunner;
}

/** One probe per this fraction of the bound (between 50 ms and 1 s): lag is known to within it. */
const PROBES_PER_BOUND = 10;
const PROBE_TIMEOUT_MS = 2000;

/** Errors that say the replica is unreachable, not that the query is wrong. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

function unreachable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | undefined;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (UNREACHABLE_CODES.has(code) || code.startsWith('08')) return true;
  return (
    typeof e?.message === 'string' && /Connection terminated|Connection ended|timeout exceeded when trying to connect/i.test(e.message)
  );
}

/** A hot standby cancels a read whose rows replay is removing ("conflict with recovery"): the primary answers it instead. */
const recoveryConflict = (err: unknown) => (err as { code?: unknown } | undefined)?.code === '40001';

/** `0/16B3748` as a number, so positions compare. */
function lsn(text: string): bigint {
  const [hi = '0', lo = '0'] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
}

function nameOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`;
  } catch {
    return 'replica';
  }
}

/**
 * A failure of the replica during a read (refused, cut, in recovery conflict) makes the read run
 * on the primary instead of failing: a replica stopped between two probes costs no request an error.
 */
function failOver(replica: pg.Pool, primary: pg.Pool, onUnreachable: () => void): void {
  type Fn = (...args: unknown[]) => Promise<unknown>;
  const connect = replica.connect.bind(replica) as Fn;
  (replica as unknown as { connect: Fn }).connect = async (...args) => {
    if (args.length > 0) return connect(...args);
    try {
      return await connect();
    } catch (err) {
      if (!unreachable(err)) throw err;
      onUnreachable();
      return primary.connect();
    }
  };
  const query = replica.query.bind(replica) as Fn;
  (replica as unknown as { query: Fn }).query = async (...args) => {
    try {
      return await query(...args);
    } catch (err) {
      if (!unreachable(err) && !recoveryConflict(err)) throw err;
      if (unreachable(err)) onUnreachable();
      return (primary.query as unknown as Fn)(...args);
    }
  };
}

interface Replica {
  db: PrismaClient;
  sql: SqlRunner;
  state: ReplicaState;
  /** When `state.lagMs` was measured (Date.now()). */
  measuredAt: number;
  /** A connection of the probe's own, which never fails over: the probe must reach the replica or fail. */
  probePool: pg.Pool;
  pool: pg.Pool;
}

/**
 * The replicas of DATABASE_READ_URL. Every `probeMs` the primary's WAL position is noted with the
 * time, and each replica says how far it has replayed; a replica's lag is the age of the newest
 * noted position it has replayed. Measured this way an idle primary gives no false lag, and a
 * replica whose replay is paused or whose stream is cut is seen falling behind as soon as the
 * primary writes. A replica serves reads while that lag plus one probe interval (what it may fall
 * behind before the next probe) is within the bound.
 */
export function openReplicas(opts: ReplicaOptions): ReplicaSet {
  const probeMs = Math.min(1000, Math.max(50, Math.floor(opts.maxLagMs / PROBES_PER_BOUND)));
  const keepMs = 2 * opts.maxLagMs + probeMs;
  const watchers: ((state: ReplicaState, previous: ReplicaStatus | undefined) => void)[] = [];
  const setStatus = (r: Replica, status: ReplicaStatus, lagMs: number | null) => {
    const previous = r.state.status;
    r.state = { ...r.state, status, lagMs };
    r.measuredAt = Date.now();
    if (previous !== status) for (const w of watchers) w(r.state, previous);
  };
  const replicas: Replica[] = opts.urls.map((url) => {
    const pool = opts.pool(url);
    cancelAbandonedStatements(pool, url);
    const probePool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
    probePool.on('error', () => {});
    const replica: Replica = {
      state: { name: nameOf(url), status: 'down', lagMs: null },
      measuredAt: 0,
      probePool,
      pool,
      sql: opts.sqlRunner(pool),
      db: new PrismaClient({ adapter: new PrismaPg(pool) }),
    };
    failOver(pool, opts.primary, () => setStatus(replica, 'down', null));
    return replica;
  });
  interface Sample {
    /** Date.now() before the position was read. */
    at: number;
    lsn: bigint;
    /** The primary's clock then, in ms. */
    primaryMs: number;
  }
  const samples: Sample[] = [];

  const measure = async (r: Replica): Promise<void> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const {
        rows: [row],
      } = await Promise.race([
        r.probePool.query<{ standby: boolean; lsn: string | null; replayedMs: number | null }>(
          `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS lsn,
            extract(epoch FROM pg_last_xact_replay_timestamp())::float8 * 1000 AS "replayedMs"`,
        ),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('replica probe timed out')), PROBE_TIMEOUT_MS);
        }),
      ]);
      if (!row?.standby) return setStatus(r, 'not_standby', null);
      const replayed = row.lsn ? lsn(row.lsn) : -1n;
      // It holds every commit before the newest noted position it has replayed: now, that is this
      // old (a replica that has the position just taken shows the probe's round trip). Older than
      // every position kept: at least as old as the oldest.
      const now = Date.now();
      let lagMs = now - (samples[0]?.at ?? now);
      for (let i = samples.length - 1; i >= 0; i--) {
        const s = samples[i] as Sample;
        if (s.lsn <= replayed) {
          lagMs = now - s.at;
          break;
        }
      }
      // Short of the newest position (the primary writes all the time), that bound is as coarse as
      // the probe interval; the age of its last replayed commit, by the primary's clock, is finer.
      // Never more than the bound: the last commit may be old on a primary writing only checkpoints.
      const newest = samples.at(-1);
      if (newest && replayed < newest.lsn && row.replayedMs !== null) {
        lagMs = Math.min(lagMs, Math.max(0, newest.primaryMs + (now - newest.at) - row.replayedMs));
      }
      lagMs = Math.round(lagMs);
      setStatus(r, lagMs + probeMs <= opts.maxLagMs ? 'serving' : 'lagging', lagMs);
    } catch {
      setStatus(r, 'down', null);
    } finally {
      clearTimeout(timer);
    }
  };

  let running: Promise<void> | undefined;
  const probe = () => {
    running ??= (async () => {
      try {
        // The time before the position is read: everything committed before it is at or before the position.
        const at = Date.now();
        const [row] = await opts.primarySql<{ lsn: string; primaryMs: number }>(
          Prisma.sql`SELECT pg_current_wal_lsn()::text AS lsn, extract(epoch FROM clock_timestamp())::float8 * 1000 AS "primaryMs"`,
        );
        samples.push({ at, lsn: lsn(row?.lsn ?? '0/0'), primaryMs: row?.primaryMs ?? 0 });
        while (samples.length > 2 && (samples[0] as Sample).at < at - keepMs) samples.shift();
        await Promise.all(replicas.map(measure));
      } catch {
        // The primary did not answer: no yardstick this round, the replicas keep their status.
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void probe().finally(schedule), probeMs);
    timer.unref();
  };
  void probe().finally(schedule);

  let next = 0;
  return {
    maxLagMs: opts.maxLagMs,
    pick() {
      // Also bounded by the age of the measure, should probes stall (a slow primary): never a read older than the bound.
      const now = Date.now();
      const serving = replicas.filter(
        (r) => r.state.status === 'serving' && now - r.measuredAt + (r.state.lagMs ?? opts.maxLagMs) <= opts.maxLagMs,
      );
      if (serving.length === 0) return undefined;
      next = (next + 1) % serving.length;
      return serving[next];
    },
    states: () => replicas.map((r) => r.state),
    watch(fn) {
      watchers.push(fn);
      for (const r of replicas) if (r.state.status !== 'serving') fn(r.state, undefined);
    },
    probe,
    async close() {
      stopped = true;
      clearTimeout(timer);
      await running;
      for (const r of replicas) {
        await r.db.$disconnect();
        await r.pool.end();
        await r.probePool.end();
      }
    },
  };
}
