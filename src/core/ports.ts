import { randomUUID } from 'node:crypto';
import type { Db, SqlRunner } from '../db/database.js';

/** What a copy of the embedded database's directory reports (`fas backup`, run by the server holding it). */
export type { SnapshotReport } from '../db/pglite-snapshot.js';

/** Side effects the core reaches through small ports, so tests can drive them. */
export interface Clock {
  now(): Date;
}
export interface IdGenerator {
  uuid(): string;
}

/**
 * Withdrawal fees, in the withdrawn coin: per bank instrument, and per crypto `COIN/network` route
 * (with the network's own fee, shown as `networkFee`). The default is the sandbox schedule
 * (`SANDBOX_FEES`, transactions/catalog.ts); a deployment or a test may pass another.
 */
export interface FeeSchedule {
  bank: Record<'ach' | 'wire' | 'swift', string>;
  crypto: Record<string, { fee: string; networkFee: string }>;
}

export const systemClock: Clock = { now: () => new Date() };
export const randomIds: IdGenerator = { uuid: () => randomUUID() };

/** A database that answers reads: its ORM client and its raw SQL runner. */
export interface Reader {
  db: Db;
  sql: SqlRunner;
}

/**
 * Streaming replicas for reads that may lag (DATABASE_READ_URL): `pick` answers one that is up and
 * within the lag bound, or nothing, and then the primary reads. Writes never come here.
 */
export interface ReadReplicas {
  pick(): Reader | undefined;
  /** The bound: no replica serves reads further behind the primary than this. */
  readonly maxLagMs: number;
}

/** A lock every process on the database takes in turn (the migration lock): first starts run one at a time. */
export interface ExclusiveLock {
  withLock<T>(fn: () => Promise<T>): Promise<T>;
}
