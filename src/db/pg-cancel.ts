import pg from 'pg';
import { currentRequestSignal, RequestAbandonedError } from './request-signal.js';

type Query = (...args: unknown[]) => unknown;

/**
 * Stops the database work of abandoned requests on PostgreSQL: a statement started for a request
 * whose client goes away is cancelled on the server (`pg_cancel_backend`), and no further
 * statement starts for it. The connection is returned to the pool only after the cancel has been
 * answered, so a late cancel can never hit the next request's statement on that connection.
 * Ending a transaction (`ROLLBACK`) is always let through, and a connection on which a statement
 * was refused or cancelled is closed rather than pooled: no request's transaction is ever left
 * open, or failed (25P02), on a connection the next request gets.
 *
 * `pool.query` is replaced by connect + query so that the statement is issued in the request's
 * async context (pg-pool runs its own queued callbacks in whatever context released a connection).
 */
export function cancelAbandonedStatements(pool: pg.Pool, connectionString: string): void {
  const cancels = new WeakMap<pg.PoolClient, Promise<void>>();
  const spoilt = new WeakSet<pg.PoolClient>();
  const cancel = (client: pg.PoolClient): void => {
    spoilt.add(client);
    const pid = (client as unknown as { processID?: number }).processID;
    if (!pid || cancels.has(client)) return;
    const done = cancelBackend(connectionString, pid).finally(() => cancels.delete(client));
    cancels.set(client, done);
  };

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      // Callback and submittable forms are pg-pool's and migrations' own, never a request's.
      if (typeof args.at(-1) === 'function' || isSubmittable(args[0])) return query(...args);
      const signal = currentRequestSignal();
      if (!signal || endsTransaction(args[0])) return callbackQuery(query, args);
      if (signal.aborted) {
        spoilt.add(client as pg.PoolClient);
        return Promise.reject(new RequestAbandonedError());
      }
      const onAbort = () => cancel(client as pg.PoolClient);
      signal.addEventListener('abort', onAbort, { once: true });
      return callbackQuery(query, args).finally(() => signal.removeEventListener('abort', onAbort));
    };
  });

  const acquire = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  (pool as unknown as { connect: unknown }).connect = async (...args: unknown[]) => {
    if (args.length > 0) return (acquire as unknown as Query)(...args);
    const client = await acquire();
    const release = client.release.bind(client);
    client.release = (err?: Error | boolean) => {
      client.release = release;
      const close = err || spoilt.has(client);
      const pending = cancels.get(client);
      if (pending) void pending.then(() => release(close));
      else release(close);
    };
    return client;
  };

  (pool as unknown as { query: unknown }).query = async (...args: unknown[]) => {
    if (typeof args.at(-1) === 'function') throw new TypeError('pool.query: use the promise form');
    const client = await pool.connect();
    try {
      return await (client.query as unknown as Query)(...args);
    } finally {
      client.release();
    }
  };
}

/**
 * The statement in pg's callback form under one promise of ours: pg's own promise form cost more
 * CPU per page, most of it garbage collection (docs/benchmarks.md, "Where REST's time goes").
 * Errors keep pg's rewrite of their stack to the caller's.
 */
function callbackQuery(query: Query, args: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    query(...args, (err: Error | null, result: unknown) => {
      if (!err) return resolve(result);
      Error.captureStackTrace(err);
      reject(err);
    });
  });
}

/** `ROLLBACK` (not `ROLLBACK TO SAVEPOINT`): it ends an abandoned request's work, never starts any. */
function endsTransaction(arg: unknown): boolean {
  const text = typeof arg === 'string' ? arg : (arg as { text?: unknown } | undefined)?.text;
  return typeof text === 'string' && /^\s*ROLLBACK\s*;?\s*$/i.test(text);
}

function isSubmittable(arg: unknown): boolean {
  return typeof (arg as { submit?: unknown } | undefined)?.submit === 'function';
}

/** Cancels the statement running on backend `pid`, on a short-lived connection of its own. */
async function cancelBackend(connectionString: string, pid: number): Promise<void> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT pg_cancel_backend($1)', [pid]);
  } catch {
    // The statement then runs to its end, bounded by statement_timeout.
  } finally {
    await client.end().catch(() => {});
  }
}
