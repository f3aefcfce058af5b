import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { exportFileName } from '../export/csv.js';
import { type CsvExport, csvChunks } from '../export/csv-export.js';
import { bulkReads } from '../read-routing.js';
import { validateQuery } from '../validation/validators.js';
import { TRANSACTION_CSV_COLUMNS } from './transaction-csv.js';
import { resolveTransactionFilter, type TransactionFilter, transactionWhere } from './transaction-filter.js';
import { selectTransactionRows, type TransactionDto, toTransactionDto } from './transaction-row.js';

/** Rows per batch: large enough that the per-query cost vanishes, small enough to hold (docs/benchmarks.md, "Export"). */
export const EXPORT_BATCH_ROWS = 1000;

interface Position {
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
    chunks: csvChunks(TRANSACTION_CSV_COLUMNS, {
      size: opts.batchRows ?? EXPORT_BATCH_ROWS,
      read: (after, size) => batch(ctx, filter, after, size),
      keyOf: (t: TransactionDto): Position => ({ createdAt: t.createdAt, id: t.id }),
    }),
  };
}

/** The rows after `after` in list order: the batch is chosen on the narrow index, then read in full (as the list does). */
async function batch(ctx: Ctx, filter: TransactionFilter, after: Position | undefined, size: number): Promise<TransactionDto[]> {
  const where = transactionWhere(filter);
  const from = after ? Prisma.sql`AND (t.created_at, t.id) < (${new Date(after.createdAt)}::timestamptz, ${after.id}::uuid)` : Prisma.empty;
  const rows = await selectTransactionRows(
    ctx.sql,
    (columns) => Prisma.sql`
    WITH page AS (
      SELECT t.id, t.created_at FROM transactions t
      WHERE ${where} ${from}
      ORDER BY t.created_at DESC, t.id DESC
      LIMIT ${size}
    )
    SELECT ${columns}
    FROM page JOIN transactions t ON t.workspace_id = ${ctx.workspaceId}::uuid AND t.id = page.id
    ORDER BY page.created_at DESC, page.id DESC`,
  );
  return rows.map(toTransactionDto);
}
