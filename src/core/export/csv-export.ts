import { type CsvColumns, csvHeader, csvRecord } from './csv.js';

/** A CSV file being produced: its download name and its text, read lazily in pieces. */
export interface CsvExport {
  fileName: string;
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
 * Every row, in keyset batches: each batch is one short query continuing after the last row of the
 * previous one, so no statement or connection is held for the whole export (PGlite serves other
 * requests between batches, and PostgreSQL's statement timeout bounds each batch, not the file),
 * and memory holds one batch whatever the number of rows. A batch leaves as pieces of PIECE_ROWS
 * records: a stream asks for the next piece only once the socket has taken the last one.
 */
export async function* csvChunks<R, K>(columns: CsvColumns<R>, batches: KeysetBatches<R, K>): AsyncGenerator<string> {
  let after: K | undefined;
  let piece = csvHeader(columns);
  for (;;) {
    const rows = await batches.read(after, batches.size);
    for (let i = 0; i < rows.length; i++) {
      piece += csvRecord(columns, rows[i] as R);
      // The header and the first piece go out together, so a failure of the first query is still an ordinary error answer.
      if ((i + 1) % PIECE_ROWS === 0) {
        yield piece;
        piece = '';
      }
    }
    if (piece) yield piece;
    piece = '';
    const last = rows[rows.length - 1];
    if (rows.length < batches.size || last === undefined) return;
    after = batches.keyOf(last);
  }
}
