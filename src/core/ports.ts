import { randomUUID } from 'node:crypto';
import type { Db, SqlRunner } from '../db/database.js';
import type { Schemas } from './contract.js';

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
  bank: Record<Schemas['SimulateBankDepositRequest']['instrumentType'], string>;
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

/** The process's memory of recent authentications (the implementation and its invariants: auth/credential-cache.ts). */
export interface CredentialCache<T> {
  /** The remembered answer for `hash`, if the cache is live and it is fresh. */
  get(hash: string): Entry<T> | undefined;
  /** Remembers `value` for `hash`, unless the cache was cleared since `generation` was read. */
  set(hash: string, value: T, generation: number): Entry<T> | undefined;
  /** Read before a lookup; pass it to `set`. */
  readonly generation: number;
  /** Forgets everything (a credential changed). */
  clear(): void;
  /**
   * Calls `onChange` after every `clear`: a credential changed here or in another process, or the
   * listener was (re)established or lost (so what changed meanwhile is unknown). Open event streams
   * re-check their credential then. Answers the function that stops the calls.
   */
  onChange(onChange: () => void): () => void;
  /** Follows the invalidation channel with `listen` until the answered function is called. */
  watch(listen: Listen): Promise<() => Promise<void>>;
  /** Answers from memory are possible (a listener is established). */
  readonly live: boolean;
  /** Hits and lookups stored, for tests and metrics. */
  readonly stats: { hits: number; stored: number };
}

export interface Entry<T> {
  value: T;
  /** When this process last recorded a use of the credential (ms), for `last_used_at`. */
  touchedAt: number;
  storedAt: number;
}

/** `Database.listen` with the loss callback. */
export type Listen = (channel: string, onNotify: () => void, onLost?: () => void) => Promise<() => Promise<void>>;

/**
 * Where document contents live, keyed by workspace and document id. The default keeps them in the database
 * (shared by every process on one PostgreSQL, included in its backups); an object store can
 * implement the same three calls. Implementations encrypt; callers hand over plaintext chunks.
 */
export interface DocumentStore {
  /** Stores the content as it streams in; a failure of `content` aborts and stores nothing usable. */
  write(workspaceId: string, documentId: string, content: AsyncIterable<Uint8Array>): Promise<void>;
  read(workspaceId: string, documentId: string): AsyncIterable<Buffer>;
  delete(workspaceId: string, documentIds: string[]): Promise<void>;
}
