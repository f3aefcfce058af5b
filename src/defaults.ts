/**
 * Every default of the service, written once. `config.ts` reads the environment over these; code
 * that also runs without a `Config` (the core's fallbacks, tests, benchmarks) takes them from here.
 * The README's configuration table (docs/operations.md) documents each one.
 */
export const DEFAULTS = {
  port: 8080,
  /**
   * `fas listen`'s session JWKS on 127.0.0.1: the same port every session, so a receiver started
   * once (`FAS_URL=http://127.0.0.1:7871 ...`) keeps verifying across restarts of `fas listen`.
   */
  listenJwksPort: 7871,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  /** JSON request bodies (uploads have their own limit). */
  bodyLimitBytes: 1024 * 1024,
  webhookTimeoutMs: 15_000,
  /** Retry n (1..5) waits baseMs x factor^(n-1), +-jitter. */
  webhookRetry: { baseMs: 5 * 60 * 1000, factor: 3, jitter: 0.2 },
  eventRetentionDays: 30,
  rateLimit: { perSecond: 50, burst: 100 },
  /** Per client address on everything outside the API but the health probes (holder pages, the dashboard, unknown paths). */
  pageRateLimit: { perSecond: 10, burst: 100 },
  /**
   * `warmupMs`: after the server starts listening, neither the event loop's delay nor the database
   * queue's wait sheds for this long (compiling and a cold cache are not saturation); `dbWaiters` still bounds the queue.
   */
  shedding: { eventLoopDelayMs: 200, heapUsedRatio: 0.9, dbWaiters: 256, queueWaitMs: 1000, warmupMs: 10_000 },
  /** `/metrics`' gauges read from the database: read in the background this often, abandoned after `timeoutMs`. */
  dbGauges: { refreshMs: 5_000, timeoutMs: 2_000 },
  documentMaxBytes: 10 * 1024 * 1024,
  statementTimeoutMs: 5_000,
  /**
   * A use case's database transaction: how long it may wait for a connection (PGlite has one) and
   * how long it may last. Writes to one account queue on its balance row (src/core/ledger), so a
   * burst on one account waits its turn rather than failing after Prisma's default 2 s / 5 s.
   */
  transactionMaxWaitMs: 15_000,
  transactionTimeoutMs: 20_000,
  drainTimeoutMs: 7_000,
  signingKeyBits: 2048,
  pgPoolSize: 10,
  /**
   * Fair sharing (src/db/fair-share.ts): PostgreSQL connections one workspace holds at once (0: a
   * quarter of the pool, rounded up), and how long a workspace's own queued database call may wait
   * before its further calls are refused with 503 OVERLOADED and Retry-After (0: never).
   */
  dbCallerConnections: 0,
  dbCallerWaitMs: 2_000,
  /**
   * PostgreSQL: of those, how many may run a long scan (an aggregate reading every row of a range)
   * at once. One: a workspace's scans then keep at most one core busy, and on a small machine the
   * HTTP thread and other workspaces find the other (docs/benchmarks.md, "Stall").
   */
  dbCallerScans: 1,
  /**
   * PGlite: an aggregate's row scan reads at most about this many transactions per statement
   * (src/core/transactions/stats-chunks.ts), so its single connection passes to others between
   * slices (docs/benchmarks.md, "Stall").
   */
  pgliteScanChunkRows: 5_000,
  /** A read replica further behind the primary than this is skipped (docs/operations.md, "Read replicas"). */
  readMaxLagMs: 5_000,
} as const;
