import { type CsvColumns, csvHeader, csvRecord } from './csv.js';

/** A file being produced (CSV unless `contentType` says otherwise): its download name and its text, read lazily in pieces. */
export interface CsvExport {
  fileName: string;
  /** The answer's `Content-Type`; unset: `text/csv; charset=utf-8; header=present`. */
  contentType?: string;
  /**
   * The header line with the first records, then further pieces of records. Nothing is read from
   * the database until the first piece is asked for, and each further batch only when the pieces
   * of the previous one have been taken: a slow reader holds back the queries (back-pressure).
   */
  chunks: AsyncIterable<string>;
}

export interface KeysetBatches<R, K> {
  /** Rows after `after` (all rows from the start when undefined), in export order, at most `size`. */
  read(after: K | undefined, size: number): Promise<R[]>;
  /** The position of a row, from which the next batch continues. */
  keyOf(row: R): K;
  size: number;
}

/** Records per piece: formatting is synchronous, so a batch is handed on in slices the event loop can breathe between. */
const PIECE_ROWS = 250;

/**
 * Export batches reading the database at once in this process, whatever the number of exports: an
 * export waits for its turn between batches (holding no connection), so ten exports leave the pool
 * and PGlite's single connection to everybody else's short statements between their batches
 * (docs/benchmarks.md, "Export").
 */
export const EXPORT_READS_AT_ONCE = 2;

/** A counting semaphore: at most `limit` calls of `run` at once, the others queued in order. */
class Gate {
  private running = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  /** Whether a call would run at once. */
  free(): boolean {
    return this.running < this.limit;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    try {
      return await fn();
    } finally {
      // The slot passes to the next in line, or is freed.
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const exportReads = new Gate(EXPORT_READS_AT_ONCE);

/** Lets timers and sockets (other requests, health checks) run before the next batch is formatted. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every row, in keyset batches: each batch is one short query continuing after the last row of the
 * previous one, so no statement or connection is held for the whole export (PGlite serves other
 * requests between batches, and PostgreSQL's statement timeout bounds each batch, not the file),
 * and memory holds one batch whatever the number of rows. A batch leaves as pieces of PIECE_ROWS
 * records: a stream asks for the next piece only once the socket has taken the last one, and while
 * the database is free the batch after is read meanwhile (one ahead, no more). Batches of all exports take turns
 * (`EXPORT_READS_AT_ONCE`), and the event loop turns between batches.
 */
export function csvChunks<R, K>(columns: CsvColumns<R>, batches: KeysetBatches<R, K>): AsyncGenerator<string> {
  return fileChunks({ head: csvHeader(columns), line: (row: R) => csvRecord(columns, row) }, batches);
}

/** How a file is written: what comes first (a CSV header row; nothing for NDJSON), then one line per row. */
export interface LineFormat<R> {
  head: string;
  line(row: R): string;
}

/** `csvChunks` for any line-per-row format (the audit log's NDJSON as well as CSV). */
export async function* fileChunks<R, K>(format: LineFormat<R>, batches: KeysetBatches<R, K>): AsyncGenerator<string> {
  const read = (after: K | undefined) => {
    const rows = exportReads.run(() => batches.read(after, batches.size));
    // Awaited below; an export abandoned meanwhile must not leave its rejection unhandled.
    rows.catch(() => {});
    return rows;
  };
  let next = read(undefined);
  let piece = format.head;
  for (;;) {
    const rows = await next;
    await breathe();
    const last = rows[rows.length - 1];
    const more = rows.length === batches.size && last !== undefined;
    // While no other export waits for its turn, the next batch is read while this one is formatted
    // and sent: the database and this thread work at the same time, one batch ahead at most. Under
    // contention an export reads when it needs the batch, leaving the turns (and this thread) to the
    // others (docs/benchmarks.md, "Export").
    const ahead = more && exportReads.free();
    if (ahead) next = read(batches.keyOf(last));
    for (let i = 0; i < rows.length; i++) {
      piece += format.line(rows[i] as R);
      // The header and the first piece go out together, so a failure of the first query is still an ordinary error answer.
      if ((i + 1) % PIECE_ROWS === 0) {
        yield piece;
        piece = '';
      }
    }
    if (piece) yield piece;
    piece = '';
    if (!more) return;
    if (!ahead) next = read(batches.keyOf(last));
  }
}
