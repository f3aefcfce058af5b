import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { type CsvColumns, csvHeader, csvRecord, exportFileName } from '../export/csv.js';
import { type CsvExport, fileChunks, type LineFormat } from '../export/csv-export.js';
import { validateQuery } from '../validation/validators.js';
import { AUDIT_COLUMNS, type AuditRecordDto, type AuditRow, auditFilter, requireAuditReader, toAuditRecordDto } from './list-audit-log.js';

/** Records per batch (docs/benchmarks.md, "Export"): as the transactions export. */
export const AUDIT_EXPORT_BATCH_ROWS = 1000;

/** The CSV's columns (openapi.yaml `exportAuditLog`): `AuditRecord` with `actor` and `object` flattened, `changes` as JSON text. */
const AUDIT_CSV_COLUMNS: CsvColumns<AuditRecordDto> = [
  ['seq', (r) => r.seq],
  ['occurredAt', (r) => r.occurredAt],
  ['actorKind', (r) => r.actor.kind],
  ['actorId', (r) => r.actor.id],
  ['actorName', (r) => r.actor.name],
  ['actorRole', (r) => r.actor.role],
  ['requestId', (r) => r.requestId],
  ['clientAddress', (r) => r.clientAddress],
  ['action', (r) => r.action],
  ['objectType', (r) => r.object.type],
  ['objectId', (r) => r.object.id],
  ['changes', (r) => (r.changes === null ? null : JSON.stringify(r.changes))],
  ['prevHash', (r) => r.prevHash],
  ['hash', (r) => r.hash],
];

const FORMATS: Record<'csv' | 'ndjson', { contentType: string; format: LineFormat<AuditRecordDto> }> = {
  csv: {
    contentType: 'text/csv; charset=utf-8; header=present',
    format: { head: csvHeader(AUDIT_CSV_COLUMNS), line: (r) => csvRecord(AUDIT_CSV_COLUMNS, r) },
  },
  // A program reads NDJSON: the values as the list gives them, no spreadsheet guard.
  ndjson: { contentType: 'application/x-ndjson', format: { head: '', line: (r) => `${JSON.stringify(r)}\n` } },
};

/**
 * `exportAuditLog`: every record the list's filters select, newest first, as CSV or NDJSON
 * (`format`), read in keyset batches on `seq` as the file is read (export/csv-export.ts). Admins
 * only, checked with the parameters before the first byte. Reads the primary, as the list does.
 */
export async function exportAuditLog(ctx: Ctx, input: unknown, opts: { batchRows?: number } = {}): Promise<CsvExport> {
  requireAuditReader(ctx);
  const q = validateQuery('exportAuditLog', input);
  const kind = q.format ?? 'csv';
  const condition = auditFilter(ctx, q);
  const { contentType, format } = FORMATS[kind];
  return {
    fileName: exportFileName('audit-log', ctx.clock.now(), kind),
    contentType,
    chunks: fileChunks(format, {
      size: opts.batchRows ?? AUDIT_EXPORT_BATCH_ROWS,
      keyOf: (r: AuditRecordDto) => r.seq,
      read: async (after: string | undefined, size: number) => {
        const from = after === undefined ? Prisma.empty : Prisma.sql`AND a.seq < ${after}::bigint`;
        const rows = await ctx.sql<AuditRow>(Prisma.sql`
          SELECT ${AUDIT_COLUMNS} FROM audit_records a
          WHERE ${condition} ${from} ORDER BY a.seq DESC LIMIT ${size}`);
        return rows.map(toAuditRecordDto);
      },
    }),
  };
}
