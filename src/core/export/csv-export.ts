import { type CsvColumns, csvHeader, csvRecord } from './csv.js';

/** A CSV file being produced: its download name and its text, read lazily in pieces. */
export interface CsvExport {
  fileName: string;
  /**
   * The header line with the first batch of records, then one piece per further batch. Nothing
   * is read from the database until the first piece is asked for, and each further batch only
   * when the previous piece has been taken: a slow reader holds back the queries (back-pressure).
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

/**
 * Every row, in keyset batches: each batch is one short query continuing after the last row of the
 * previous one, so no statement or connection is held for the whole export (PGlite serves other
 * requests between batches, and PostgreSQL's statement timeout bounds each batch, not the file),
 * and memory holds one batch whatever the number of rows.
 */
export async function* csvChunks<R, K>(columns: CsvColumns<R>, batches: KeysetBatches<R, K>): AsyncGenerator<string> {
  let after: K | undefined;
  let piece = csvHeader(columns);
  for (;;) {
    const rows = await batches.read(after, batches.size);
    for (const row of rows) piece += csvRecord(columns, row);
    // The header goes out with the first batch, so a failure of the first query is still an ordinary error answer.
    if (piece) yield piece;
    piece = '';
    const last = rows[rows.length - 1];
    if (rows.length < batches.size || last === undefined) return;
    after = batches.keyOf(last);
  }
}
