import path from 'node:path';

/** Runtime configuration, read once from the environment (README "Configuration"). */
export interface Config {
  port: number;
  host: string;
  /** Unset: PGlite in `dataDir`. `memory://`: in-memory PGlite. `postgres://...`: PostgreSQL. */
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  logLevel: string;
  /** GraphiQL and pretty errors for humans; off when NODE_ENV=production. */
  development: boolean;
  bodyLimitBytes: number;
  /** RSA modulus of new webhook signing keys. */
  signingKeyBits: number;
  allowInsecureWebhooks: boolean;
  webhookTimeoutMs: number;
  webhookRetryBaseMs: number;
  webhookRetryFactor: number;
  /** FAS_STATEMENT_TIMEOUT_MS: longest database statement of `fas serve` (PostgreSQL); 0 = none. */
  statementTimeoutMs: number;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom('PORT', env.PORT, 8080, 0, 65535);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^(memory:\/\/|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be memory:// or a postgres:// URL');
  }
  return {
    port,
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    dataDir: path.resolve(env.FAS_DATA_DIR || './data'),
    publicUrl: (env.FAS_PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL || 'info',
    development: env.NODE_ENV !== 'production',
    bodyLimitBytes: 1024 * 1024,
    webhookTimeoutMs: intFrom('FAS_WEBHOOK_TIMEOUT_MS', env.FAS_WEBHOOK_TIMEOUT_MS, 15_000, 100, 120_000),
    webhookRetryBaseMs: intFrom('FAS_WEBHOOK_RETRY_BASE_MS', env.FAS_WEBHOOK_RETRY_BASE_MS, 5 * 60 * 1000, 1, 24 * 60 * 60 * 1000),
    webhookRetryFactor: numberFrom('FAS_WEBHOOK_RETRY_FACTOR', env.FAS_WEBHOOK_RETRY_FACTOR, 3, 1, 10),
    allowInsecureWebhooks: boolFrom('FAS_WEBHOOK_ALLOW_INSECURE', env.FAS_WEBHOOK_ALLOW_INSECURE),
    statementTimeoutMs: intFrom('FAS_STATEMENT_TIMEOUT_MS', env.FAS_STATEMENT_TIMEOUT_MS, 5_000, 0, 600_000),
    signingKeyBits: intFrom('FAS_SIGNING_KEY_BITS', env.FAS_SIGNING_KEY_BITS, 2048, 2048, 8192),
  };
}
