import type { Ctx } from '../context.js';
import { type CsvColumns, exportFileName } from '../export/csv.js';
import { type CsvExport, csvChunks } from '../export/csv-export.js';
import { bulkReads } from '../read-routing.js';
import { validateQuery } from '../validation/validators.js';
import { type AccountDto, accountSelect, toAccountDto } from './account-dto.js';
import { accountWhere } from './account-filter.js';

/** Rows per batch (docs/benchmarks.md, "Export"). */
const BATCH_ROWS = 1000;

/** The columns of the accounts export (openapi.yaml `exportAccounts`): the contract's `Account`. */
const ACCOUNT_CSV_COLUMNS: CsvColumns<AccountDto> = [
  ['accountId', (a) => a.accountId],
  ['type', (a) => a.type],
  ['email', (a) => a.email],
  ['reference', (a) => a.reference],
  ['status', (a) => a.status],
  ['createdAt', (a) => a.createdAt],
  ['updatedAt', (a) => a.updatedAt],
];

/**
 * `exportAccounts`: every account the list's filters select, newest first, as CSV, read in keyset
 * batches as the file is read (export/csv-export.ts). Parameters are validated now.
 */
export async function exportAccounts(caller: Ctx, input: unknown, opts: { batchRows?: number } = {}): Promise<CsvExport> {
  const ctx = bulkReads(caller);
  const where = accountWhere(ctx, validateQuery('exportAccounts', input));
  return {
    fileName: exportFileName('accounts', ctx.clock.now()),
    chunks: csvChunks(ACCOUNT_CSV_COLUMNS, {
      size: opts.batchRows ?? BATCH_ROWS,
      keyOf: (a: AccountDto) => ({ createdAt: new Date(a.createdAt), id: a.accountId }),
      read: async (after, size) => {
        const rows = await ctx.db.account.findMany({
          where: after
            ? { AND: [where, { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }] }
            : where,
          select: accountSelect,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          take: size,
        });
        return rows.map(toAccountDto);
      },
    }),
  };
}
