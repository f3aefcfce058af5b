import type { SqlRunner } from '../../db/database.js';
import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { selectTransactionRows, type TransactionDto, toTransactionDto } from './transaction-row.js';

type Reader = Pick<Prisma.TransactionClient, '$queryRaw'> | SqlRunner;

/**
 * One transaction of the caller's workspace through the shared row shape; NOT_FOUND otherwise.
 * Inside a database transaction pass its client (to see its own writes); outside, the SQL port.
 */
export async function readTransaction(db: Reader, ctx: Ctx, id: string): Promise<TransactionDto> {
  const rows = await selectTransactionRows(
    db,
    (columns) => Prisma.sql`
      SELECT ${columns}
      FROM transactions t
      WHERE t.id = ${id}::uuid AND t.workspace_id = ${ctx.workspaceId}::uuid`,
  );
  const row = rows[0];
  if (!row) throw notFound('transaction');
  return toTransactionDto(row);
}
