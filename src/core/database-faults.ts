/**
 * SQLSTATEs of a database that is going away or not there yet: connection exceptions (class 08),
 * admin_shutdown (57P01, `pg_terminate_backend` and a fast shutdown), crash_shutdown (57P02),
 * cannot_connect_now (57P03, starting up or shutting down), too_many_connections (53300).
 */
const SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300']);

/**
 * Prisma's codes for the same: P1001 cannot reach the server, P1002 and P1008 timed out, P1017 the
 * server closed the connection, P2024 no pool connection in time, P2028 the transaction API
 * (no connection to start one within `maxWait`, or it outlived its `timeout`).
 */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028']);

/** Socket errors of a connection refused, reset or timed out (the driver's `code`). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** The driver adapter's kinds for them (`@prisma/adapter-pg` maps socket errors to these). */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/**
 * `pg` raises a lost connection as a plain Error without a code, which Prisma passes on as it is or
 * quotes in its own message: the message is all there is to go by.
 */
const CODELESS_MESSAGES =
  /(Connection terminated unexpectedly|Connection terminated due to connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

type Wrapped = {
  code?: unknown;
  kind?: unknown;
  message?: unknown;
  originalCode?: unknown;
  cause?: unknown;
  errors?: unknown;
  meta?: { code?: unknown; driverAdapterError?: unknown };
};

/**
 * Whether a failure, however wrapped (Prisma's error, its `meta.driverAdapterError`, the adapter's
 * `cause`, an AggregateError's `errors`), is the database being unreachable, restarting or out of
 * connections for now: nothing was done, and the same request can succeed in a moment.
 */
export function isTransientDatabaseFault(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0) {
    const e = queue.shift() as Wrapped | undefined;
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (SQLSTATES.has(code) || PRISMA_CODES.has(code) || SOCKET_CODES.has(code))) return true;
    if (typeof e.originalCode === 'string' && SQLSTATES.has(e.originalCode)) return true;
    if (typeof e.meta?.code === 'string' && SQLSTATES.has(e.meta.code)) return true;
    if (typeof e.kind === 'string' && ADAPTER_KINDS.has(e.kind)) return true;
    if (code === undefined && typeof e.message === 'string' && CODELESS_MESSAGES.test(e.message)) return true;
    queue.push(e.cause, e.meta?.driverAdapterError, ...(Array.isArray(e.errors) ? e.errors : []));
  }
  return false;
}

/** The database's own refusals an adapter answers in its terms (the CLI's exit codes): another process holds the directory, a migration failed. */
export { DataDirLockedError } from '../db/data-dir-lock.js';
export { MigrationError } from '../db/migrate.js';
