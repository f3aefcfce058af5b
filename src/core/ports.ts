import { randomUUID } from 'node:crypto';
import type { Db, SqlRunner } from '../db/database.js';

/** Side effects the core reaches through small ports, so tests can drive them. */
export interface Clock {
  now(): Date;
}
export interface IdGenerator {
  uuid(): string;
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
