import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { type CsvColumns, type CsvValue, exportFileName } from '../export/csv.js';
import { type CsvExport, csvChunks } from '../export/csv-export.js';
import { bulkReads } from '../read-routing.js';
import { validateQuery } from '../validation/validators.js';
import { TRANSACTION_CSV_HEADERS, TRANSACTION_CSV_ROW } from './transaction-csv.js';
import { resolveTransactionFilter, type TransactionFilter, transactionWhere } from './transaction-filter.js';

/** Rows per batch: large enough that the per-query cost vanishes, small enough to hold (docs/benchmarks.md, "Export"). */
export const EXPORT_BATCH_ROWS = 1000;

/** A row as the batch query gives it: the cells in header order, then its exact `created_at`. */
type CellRow = CsvValue[];

const CREATED_AT = TRANSACTION_CSV_HEADERS.length;
const COLUMNS: CsvColumns<CellRow> = TRANSACTION_CSV_HEADERS.map((header, i) => [header, (row: CellRow) => row[i]] as const);

interface Position {
  /** `created_at::text`: exact to the microsecond, so a continuation never skips a row of the same millisecond. */
  createdAt: string;
  id: string;
}

/**
 * `exportTransactions`: every transaction the list's filters select, newest first, as CSV. The
 * parameters are validated now (the list's rules; `page` and `limit` are unknown here); the rows
 * are read when the file is read, in keyset batches (export/csv-export.ts).
 */
export async function exportTransactions(caller: Ctx, input: unknown, opts: { batchRows?: number } = {}): Promise<CsvExport> {
  const ctx = bulkReads(caller);
  const filter = resolveTransactionFilter(ctx, validateQuery('exportTransactions', input));
  return {
    fileName: exportFileName('transactions', ctx.clock.now()),
    chunks: csvChunks(COLUMNS, {
      size: opts.batchRows ?? EXPORT_BATCH_ROWS,
      read: (after: Position | undefined, size: number) => batch(ctx, filter, after, size),
      keyOf: (row): Position => ({ createdAt: row[CREATED_AT] as string, id: row[0] as string }),
    }),
  };
}

/**
 * The rows after `after` in list order, chosen on the narrow index, then formatted by the database
 * into one JSON document of cell texts: one value to receive and one `JSON.parse` per batch, rather
 * than a row object per row and a DTO per row (docs/benchmarks.md, "Export").
 */
async function batch(ctx: Ctx, filter: TransactionFilter, after: Position | undefined, size: number): Promise<CellRow[]> {
  const where = transactionWhere(filter);
  const from = after ? Prisma.sql`AND (t.created_at, t.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : Prisma.empty;
  const [result] = await ctx.sql<{ rows: string }>(Prisma.sql`
    WITH page AS (
      SELECT t.id, t.created_at FROM transactions t
      WHERE ${where} ${from}
      ORDER BY t.created_at DESC, t.id DESC
      LIMIT ${size}
    )
    SELECT coalesce(json_agg(${TRANSACTION_CSV_ROW} ORDER BY page.created_at DESC, page.id DESC), '[]')::text AS rows
    FROM page JOIN transactions t ON t.workspace_id = ${ctx.workspaceId}::uuid AND t.id = page.id
    LEFT JOIN accounts a ON a.workspace_id = ${ctx.workspaceId}::uuid AND a.id = t.account_id`);
  return result ? (JSON.parse(result.rows) as CellRow[]) : [];
}
