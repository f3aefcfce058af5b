import path from 'node:path';
import { privateAllowList } from './core/webhooks/address-guard.js';
import { DEFAULTS } from './defaults.js';

/** Runtime configuration, read once from the environment (docs/operations.md, "Configuration"). */
export interface Config {
  port: number;
  host: string;
  /** Unset: PGlite in `dataDir`. `memory://`: in-memory PGlite. `postgres://...`: PostgreSQL. */
  databaseUrl: string | undefined;
  /** DATABASE_READ_URL: streaming replicas of the PostgreSQL primary for reads that may lag (comma-separated). */
  databaseReadUrls: string[];
  /** FAS_READ_MAX_LAG_MS: a replica further behind than this is skipped until it catches up. */
  readMaxLagMs: number;
  dataDir: string;
  publicUrl: string;
  logLevel: string;
  bodyLimitBytes: number;
  /** RSA modulus of new webhook signing keys. */
  signingKeyBits: number;
  /** FAS_DOCUMENT_MAX_BYTES: largest file a holder may upload through a verification link. */
  documentMaxBytes: number;
  allowInsecureWebhooks: boolean;
  /** FAS_WEBHOOK_ALLOW_PRIVATE: private subnets webhook targets may be in (comma-separated CIDRs). */
  webhookAllowPrivate: string[];
  webhookTimeoutMs: number;
  webhookRetryBaseMs: number;
  webhookRetryFactor: number;
  /** FAS_EVENT_RETENTION_DAYS: events (GET /api/v2/events) older than this are pruned by the webhook worker. */
  eventRetentionDays: number;
  /** Origins allowed cross-origin (exact `scheme://host[:port]`); none by default. */
  corsOrigins: string[];
  /**
   * Per-credential token bucket; `perSecond` 0 turns rate limiting off. On PostgreSQL the buckets are
   * shared by every process (a table) unless `local` (FAS_RATE_LIMIT_LOCAL: one API process only).
   * `pages`: per client address outside the API (FAS_PAGE_RATE_LIMIT_*; `perSecond` 0 turns it off).
   */
  rateLimit: { perSecond: number; burst: number; local: boolean; pages: { perSecond: number; burst: number } };
  /** Saturation thresholds past which requests are shed with 503; 0 turns one check off. */
  shedding: { eventLoopDelayMs: number; heapUsedRatio: number; dbWaiters: number; queueWaitMs: number; warmupMs: number };
  /** Slow-client limits of the HTTP server. */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
  /** `/metrics` on the main port for `Authorization: Bearer <token>`; unset: not served there. */
  metricsToken: string | undefined;
  /** A listener of its own for `/metrics` (no credentials: bind it where only Prometheus reaches). */
  metricsAddress: { host: string; port: number } | undefined;
  /** FAS_STATEMENT_TIMEOUT_MS: longest database statement of `fas serve` (PostgreSQL); 0 = none. */
  statementTimeoutMs: number;
  /**
   * FAS_DRAIN_TIMEOUT_MS: on SIGTERM/SIGINT, how long requests in progress may still be answered
   * (idle connections close at once); then their connections are cut. The process exits at the
   * latest 2 s after it, within a 10 s container grace period by default.
   */
  drainTimeoutMs: number;
  /** FAS_PG_POOL_SIZE: PostgreSQL connections per process. */
  pgPoolSize: number;
  /** FAS_DB_CALLER_CONNECTIONS: PostgreSQL connections one workspace holds at once (0: a quarter of the pool). */
  dbCallerConnections: number;
  /** FAS_DB_CALLER_WAIT_MS: a workspace whose own oldest queued database call waited longer gets 503 + Retry-After (0: never). */
  dbCallerWaitMs: number;
  /** FAS_MASTER_KEY (base64 of 32 bytes); unset: the key file of the data directory. A secret: never log a Config. */
  masterKey: string | undefined;
}

export class ConfigError extends Error {}

function intFrom(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw new ConfigError(`${name} must be an integer, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function numberFrom(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new ConfigError(`${name} must be a number between ${min} and ${max}, got "${value}"`);
  return n;
}

function boolFrom(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

function originsFrom(name: string, value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of list) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {}
    if (!parsed || parsed.origin !== origin) throw new ConfigError(`${name}: "${origin}" is not an origin like https://app.example.com`);
  }
  return list;
}

function subnetsFrom(name: string, value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  try {
    privateAllowList(list);
  } catch (err) {
    throw new ConfigError(`${name}: ${(err as Error).message}`);
  }
  return list;
}

function metricsTokenFrom(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[\x21-\x7E]{24,256}$/.test(value))
    throw new ConfigError('FAS_METRICS_TOKEN must be 24 to 256 printable characters without spaces');
  return value;
}

function addressFrom(name: string, value: string | undefined): { host: string; port: number } | undefined {
  if (value === undefined || value === '') return undefined;
  const m = /^(?:\[([0-9a-fA-F:]+)\]|([A-Za-z0-9.-]+)):([0-9]{1,5})$/.exec(value);
  const port = Number(m?.[3]);
  if (!m || port < 0 || port > 65535) throw new ConfigError(`${name} must be host:port, like 127.0.0.1:9464, got "${value}"`);
  return { host: m[1] ?? m[2] ?? '127.0.0.1', port };
}

function readUrlsFrom(value: string | undefined, databaseUrl: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0) return list;
  if (!databaseUrl?.startsWith('postgres'))
    throw new ConfigError('DATABASE_READ_URL needs DATABASE_URL to be a postgres:// URL (the primary)');
  for (const url of list)
    if (!/^postgres(ql)?:\/\//.test(url)) throw new ConfigError('DATABASE_READ_URL must be postgres:// URLs, comma-separated');
  return list;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom('PORT', env.PORT, DEFAULTS.port, 0, 65535);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^(memory:\/\/|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be memory:// or a postgres:// URL');
  }
  const databaseReadUrls = readUrlsFrom(env.DATABASE_READ_URL, databaseUrl);
  const headersMs = intFrom('FAS_HEADERS_TIMEOUT_MS', env.FAS_HEADERS_TIMEOUT_MS, DEFAULTS.headersTimeoutMs, 100, 600_000);
  const requestMs = intFrom('FAS_REQUEST_TIMEOUT_MS', env.FAS_REQUEST_TIMEOUT_MS, DEFAULTS.requestTimeoutMs, 100, 3_600_000);
  // Node requires it: a request cannot time out before its headers do.
  if (requestMs <= headersMs) throw new ConfigError('FAS_REQUEST_TIMEOUT_MS must be larger than FAS_HEADERS_TIMEOUT_MS');
  return {
    port,
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    databaseReadUrls,
    readMaxLagMs: intFrom('FAS_READ_MAX_LAG_MS', env.FAS_READ_MAX_LAG_MS, DEFAULTS.readMaxLagMs, 100, 3_600_000),
    dataDir: path.resolve(env.FAS_DATA_DIR || './data'),
    publicUrl: (env.FAS_PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimitBytes: DEFAULTS.bodyLimitBytes,
    webhookTimeoutMs: intFrom('FAS_WEBHOOK_TIMEOUT_MS', env.FAS_WEBHOOK_TIMEOUT_MS, DEFAULTS.webhookTimeoutMs, 100, 120_000),
    webhookRetryBaseMs: intFrom(
      'FAS_WEBHOOK_RETRY_BASE_MS',
      env.FAS_WEBHOOK_RETRY_BASE_MS,
      DEFAULTS.webhookRetry.baseMs,
      1,
      24 * 60 * 60 * 1000,
    ),
    webhookRetryFactor: numberFrom('FAS_WEBHOOK_RETRY_FACTOR', env.FAS_WEBHOOK_RETRY_FACTOR, DEFAULTS.webhookRetry.factor, 1, 10),
    eventRetentionDays: intFrom('FAS_EVENT_RETENTION_DAYS', env.FAS_EVENT_RETENTION_DAYS, DEFAULTS.eventRetentionDays, 1, 3650),
    allowInsecureWebhooks: boolFrom('FAS_WEBHOOK_ALLOW_INSECURE', env.FAS_WEBHOOK_ALLOW_INSECURE),
    webhookAllowPrivate: subnetsFrom('FAS_WEBHOOK_ALLOW_PRIVATE', env.FAS_WEBHOOK_ALLOW_PRIVATE),
    corsOrigins: originsFrom('FAS_CORS_ORIGINS', env.FAS_CORS_ORIGINS),
    rateLimit: {
      perSecond: numberFrom('FAS_RATE_LIMIT_PER_SECOND', env.FAS_RATE_LIMIT_PER_SECOND, DEFAULTS.rateLimit.perSecond, 0, 1_000_000),
      burst: intFrom('FAS_RATE_LIMIT_BURST', env.FAS_RATE_LIMIT_BURST, DEFAULTS.rateLimit.burst, 1, 1_000_000),
      local: boolFrom('FAS_RATE_LIMIT_LOCAL', env.FAS_RATE_LIMIT_LOCAL),
      pages: {
        perSecond: numberFrom(
          'FAS_PAGE_RATE_LIMIT_PER_SECOND',
          env.FAS_PAGE_RATE_LIMIT_PER_SECOND,
          DEFAULTS.pageRateLimit.perSecond,
          0,
          1_000_000,
        ),
        burst: intFrom('FAS_PAGE_RATE_LIMIT_BURST', env.FAS_PAGE_RATE_LIMIT_BURST, DEFAULTS.pageRateLimit.burst, 1, 1_000_000),
      },
    },
    shedding: {
      eventLoopDelayMs: intFrom(
        'FAS_SHED_EVENT_LOOP_DELAY_MS',
        env.FAS_SHED_EVENT_LOOP_DELAY_MS,
        DEFAULTS.shedding.eventLoopDelayMs,
        0,
        60_000,
      ),
      heapUsedRatio: numberFrom('FAS_SHED_HEAP_RATIO', env.FAS_SHED_HEAP_RATIO, DEFAULTS.shedding.heapUsedRatio, 0, 1),
      dbWaiters: intFrom('FAS_SHED_DB_WAITERS', env.FAS_SHED_DB_WAITERS, DEFAULTS.shedding.dbWaiters, 0, 100_000),
      queueWaitMs: intFrom('FAS_SHED_QUEUE_WAIT_MS', env.FAS_SHED_QUEUE_WAIT_MS, DEFAULTS.shedding.queueWaitMs, 0, 600_000),
      warmupMs: intFrom('FAS_SHED_WARMUP_MS', env.FAS_SHED_WARMUP_MS, DEFAULTS.shedding.warmupMs, 0, 600_000),
    },
    timeouts: {
      headersMs,
      requestMs,
      keepAliveMs: intFrom('FAS_KEEP_ALIVE_TIMEOUT_MS', env.FAS_KEEP_ALIVE_TIMEOUT_MS, DEFAULTS.keepAliveTimeoutMs, 100, 600_000),
    },
    metricsToken: metricsTokenFrom(env.FAS_METRICS_TOKEN),
    metricsAddress: addressFrom('FAS_METRICS_ADDRESS', env.FAS_METRICS_ADDRESS),
    documentMaxBytes: intFrom('FAS_DOCUMENT_MAX_BYTES', env.FAS_DOCUMENT_MAX_BYTES, DEFAULTS.documentMaxBytes, 1024, 100 * 1024 * 1024),
    statementTimeoutMs: intFrom('FAS_STATEMENT_TIMEOUT_MS', env.FAS_STATEMENT_TIMEOUT_MS, DEFAULTS.statementTimeoutMs, 0, 600_000),
    drainTimeoutMs: intFrom('FAS_DRAIN_TIMEOUT_MS', env.FAS_DRAIN_TIMEOUT_MS, DEFAULTS.drainTimeoutMs, 0, 600_000),
    signingKeyBits: intFrom('FAS_SIGNING_KEY_BITS', env.FAS_SIGNING_KEY_BITS, DEFAULTS.signingKeyBits, 2048, 8192),
    pgPoolSize: intFrom('FAS_PG_POOL_SIZE', env.FAS_PG_POOL_SIZE, DEFAULTS.pgPoolSize, 1, 1000),
    dbCallerConnections: intFrom('FAS_DB_CALLER_CONNECTIONS', env.FAS_DB_CALLER_CONNECTIONS, DEFAULTS.dbCallerConnections, 0, 1000),
    dbCallerWaitMs: intFrom('FAS_DB_CALLER_WAIT_MS', env.FAS_DB_CALLER_WAIT_MS, DEFAULTS.dbCallerWaitMs, 0, 600_000),
    masterKey: env.FAS_MASTER_KEY || undefined,
  };
}
