import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { notFound } from '../errors.js';
import { assertUuid } from '../validation/uuid.js';
import { type EntryRow, entryColumns, toEntryDto } from './entry-dto.js';

export interface ListTransactionEntriesInput {
  transactionId: string;
}

/** `listTransactionEntries`: what a transaction's creation and status changes wrote to the ledger, oldest first. */
export async function listTransactionEntries(ctx: Ctx, input: ListTransactionEntriesInput): Promise<Schemas['TransactionEntries']> {
  const transactionId = assertUuid('transactionId', input.transactionId);
  const [found, rows] = await Promise.all([
    ctx.sql<{ id: string }>(
      Prisma.sql`SELECT id::text FROM transactions WHERE workspace_id = ${ctx.workspaceId}::uuid AND id = ${transactionId}::uuid`,
    ),
    ctx.sql<EntryRow>(Prisma.sql`
      SELECT ${entryColumns} FROM ledger_entries e
      WHERE e.workspace_id = ${ctx.workspaceId}::uuid AND e.transaction_id = ${transactionId}::uuid
      ORDER BY e.id`),
  ]);
  if (!found[0]) throw notFound('transaction');
  return { transactionId, data: rows.map(toEntryDto) };
}
