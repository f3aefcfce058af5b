import type { BulkCopy } from './bulk-copy.js';
import type { Prisma, PrismaClient } from './generated/prisma/client.js';
import type { MigrationDriver, MigrationSteps } from './migrate.js';
import type { SnapshotReport } from './pglite-snapshot.js';

export type Db = PrismaClient;

/**
 * Runs one `Prisma.sql` query on the driver itself and answers its rows. `prepare` names the statement
 * so that PostgreSQL parses and plans it once per connection: for fixed statements every request runs
 * (authentication), never for ones whose best plan depends on the values. PGlite ignores it.
 */
export type SqlRunner = <R>(query: Prisma.Sql, opts?: { prepare?: string }) => Promise<R[]>;

export interface Database {
  prisma: PrismaClient;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for humans (never contains a password). */
  description: string;
  migrations: MigrationDriver;
  sql: SqlRunner;
  /** PostgreSQL with `readUrls`: the streaming replicas that lists, aggregates and exports may read from. */
  replicas?: ReplicaSet;
  /**
   * `sql` on connections of the webhook dispatcher's own (PostgreSQL: a pool of
   * `DISPATCH_CONNECTIONS`, opened on first use), so its claims and records never queue behind
   * requests waiting for the shared pool. PGlite has one connection: the same as `sql`.
   */
  dispatchSql: SqlRunner;
  /** COPY in one transaction on one connection (`fas seed`). */
  bulk: BulkCopy;
  migrate(steps?: MigrationSteps): Promise<string[]>;
  /** Migrations applied when this handle was opened. */
  applied: string[];
  ping(): Promise<boolean>;
  /**
   * PGlite: the longest statement, enforced by its worker thread (0: none); set after migrations.
   * PostgreSQL's is the pool's `statement_timeout` (`statementTimeoutMs`).
   */
  setStatementBudget?(ms: number): void;
  /**
   * PGlite on disk: copies the data directory into `<to>/pgdata` as of one instant while the
   * database keeps serving (`fas backup`); writers wait for the copy only (SnapshotReport.pauseMs).
   */
  snapshot?(to: string): Promise<SnapshotReport>;
  /** PGlite: the longest wait of a caller's own queued call before its further calls are refused (0: never). */
  setCallerWaitMs?(ms: number): void;
  /** Database calls waiting for a connection now (PGlite: queued behind its single connection). */
  waiting(): number;
  /**
   * How long a call waiting for a connection has waited, in ms (0: none waits). Waits in a
   * caller's own queue (over its share, src/db/fair-share.ts) are that caller's, not counted here:
   * PostgreSQL counts the pool's queue; PGlite, the time the unit holding its connection has held it
   * (a caller without recent use goes next after it).
   */
  oldestWaitMs(): number;
  /** Connections served at once: the pool's size, 1 for PGlite. */
  connections: number;
  /**
   * Transactions an aggregate's row scan reads per statement before it is cut into slices of time
   * (src/core/transactions/stats-chunks.ts); unset: one statement. PGlite's single connection sets
   * it, so that no scan holds it for long.
   */
  scanChunkRows?: number;
  /** Connections busy with a call now (PGlite: 0 or 1). */
  inUse(): number;
  /**
   * Calls `onNotify` on each NOTIFY on `channel` (delivered at the notifying transaction's commit)
   * until the answered function is called. On PostgreSQL a dedicated connection listens and comes
   * back by itself after losing the server; notifications sent meanwhile are lost, so a listener
   * must also poll. `onLost` is called when that connection is lost (PGlite never loses it).
   */
  listen(channel: string, onNotify: () => void, onLost?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Apply pending migrations before answering (default true). */
  migrate?: boolean;
  /**
   * PostgreSQL `statement_timeout` of every pooled connection (0 or unset: none), so no request
   * holds a connection long. Migrations and the migration lock wait are exempt. PGlite (on disk)
   * enforces it from outside its worker thread: a statement over it ends the worker, and every call
   * waiting on it fails as QUERY_TIMEOUT while a new one reopens the directory. In-memory PGlite
   * could not be reopened: there it is not enforced.
   */
  statementTimeoutMs?: number;
  /** PostgreSQL connections of the pool (`Config.pgPoolSize`); default 10. The same again per replica. */
  pgPoolSize?: number;
  /**
   * Fair sharing between workspaces (src/db/fair-share.ts): PostgreSQL connections one holds at
   * once (0: a quarter of the pool, rounded up; PGlite has one and orders callers instead), and the
   * longest wait of a workspace's own queued call before its further calls are refused (0: never).
   */
  fairShare?: { callerConnections: number; callerWaitMs: number };
  /** PostgreSQL: streaming replicas of it (DATABASE_READ_URL), skipped when further behind than `maxLagMs`. */
  reads?: { urls: readonly string[]; maxLagMs: number };
  /**
   * An in-memory PGlite starts from this data-directory image (`pgliteImage()`) instead of
   * running initdb; pending migrations still apply. The test suite opens one database per file.
   */
  pgliteImage?: Blob;
  /** Code a pending migration needs run before it (`MigrationSteps`), such as sealing clear values. */
  migrationSteps?: MigrationSteps;
}

/** serving: answers reads; lagging: behind past the bound; down: not answering; not_standby: not in recovery (not a replica of anything). */
export type ReplicaStatus = 'serving' | 'lagging' | 'down' | 'not_standby';

export interface ReplicaState {
  /** host:port/database (never a password). */
  name: string;
  status: ReplicaStatus;
  /** How far behind the primary it was at the last probe, in ms; null when it could not be measured. */
  lagMs: number | null;
}

/** The replicas of DATABASE_READ_URL (src/db/read-replicas.ts); the core sees them as its `ReadReplicas` port. */
export interface ReplicaSet {
  /** One serving replica (round robin), or none. */
  pick(): { db: PrismaClient; sql: SqlRunner } | undefined;
  readonly maxLagMs: number;
  states(): ReplicaState[];
  /** Calls `fn` at once for each replica not serving, then on each change of a replica's status (not on each probe). */
  watch(fn: (state: ReplicaState, previous: ReplicaStatus | undefined) => void): void;
  /** Measures every replica now (also done every `probeMs`, the first time at once); answers when done. */
  probe(): Promise<void>;
  close(): Promise<void>;
}
