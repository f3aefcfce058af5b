import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { PgliteLike, PgliteTx } from './pglite-remote.js';

/**
 * Bulk loading (`fas seed`): one connection, one database transaction, and `COPY ... FROM STDIN`
 * in text format, which PostgreSQL parses several times faster than the same rows bound as
 * statement parameters. Only the seed uses it; requests never do.
 */
/** COPY text: a string, or its UTF-8 bytes. */
export type CopyChunk = string | Uint8Array<ArrayBuffer>;

export interface BulkCopy {
  kind: 'pglite' | 'postgres';
  /** Runs `fn` in one database transaction on one connection: committed when it resolves, rolled back when it throws. */
  session<T>(fn: (s: BulkSession) => Promise<T>): Promise<T>;
}

export interface BulkSession {
  exec(sql: string): Promise<void>;
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
  /**
   * `copy` is a `COPY <table> (<columns>) FROM STDIN [WITH (...)]` statement; `chunks` its data in
   * COPY text format, whole lines per chunk. Each chunk is handed over as the server takes it (PostgreSQL
   * reads the stream while the next chunk is produced); `onChunk` is called after each.
   */
  copyIn(copy: string, chunks: AsyncIterable<CopyChunk>, onChunk?: (chunk: CopyChunk) => void): Promise<void>;
}

export function postgresBulkCopy(pool: pg.Pool): BulkCopy {
  return {
    kind: 'postgres',
    async session(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // A seed may run for minutes; the pool's statement timeout is for requests.
        await client.query('SET LOCAL statement_timeout = 0');
        const result = await fn({
          exec: async (sql) => {
            await client.query(sql);
          },
          query: async <R>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as R[],
          copyIn: (copy, chunks, onChunk) => pgCopyIn(client, copy, chunks, onChunk),
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

async function pgCopyIn(client: pg.PoolClient, copy: string, chunks: AsyncIterable<CopyChunk>, onChunk?: (chunk: CopyChunk) => void) {
  const stream = client.query(copyStreams.from(copy));
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  // An error of the server ends the stream: stop producing then and report it.
  let failed: unknown;
  finished.catch((err) => {
    failed = err;
  });
  try {
    for await (const chunk of chunks) {
      // The next chunk was produced while the server read this one: wait only for what is still queued.
      if (stream.writableNeedDrain && !failed) await drained(stream);
      if (failed) break;
      stream.write(chunk);
      onChunk?.(chunk);
    }
  } catch (err) {
    // The rows could not be produced: abort the COPY (CopyFail), or the connection would stay
    // in it and the ROLLBACK after it would wait for ever.
    stream.destroy(err instanceof Error ? err : new Error(String(err)));
    await finished.catch(() => {});
    throw err;
  }
  if (!failed) stream.end();
  await finished;
}

function drained(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('error', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('error', done);
  });
}

/** PGlite reads COPY data from a blob standing for `/dev/blob`: one COPY statement per chunk. */
export function pgliteBulkCopy(client: PgliteLike): BulkCopy {
  return {
    kind: 'pglite',
    session: (fn) =>
      client.transaction((tx: PgliteTx) =>
        fn({
          exec: async (sql) => {
            await tx.exec(sql);
          },
          query: async <R>(sql: string, params?: unknown[]) => (await tx.query<R>(sql, params)).rows,
          copyIn: async (copy, chunks, onChunk) => {
            const fromBlob = copy.replace(/\bFROM STDIN\b/, "FROM '/dev/blob'");
            for await (const chunk of chunks) {
              await tx.query(fromBlob, [], { blob: new Blob([chunk]) });
              onChunk?.(chunk);
            }
          },
        }),
      ),
  };
}
