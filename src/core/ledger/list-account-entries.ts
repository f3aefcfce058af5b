import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { type Page, skipTake } from '../pagination.js';
import { listReads } from '../read-routing.js';
import { parseDateRange } from '../validation/date-range.js';
import { assertUuid } from '../validation/uuid.js';
import { validateQuery } from '../validation/validators.js';
import { type EntryRow, entryColumns, type LedgerEntryDto, toEntryDto } from './entry-dto.js';

export interface ListAccountEntriesInput {
  accountId: string;
  query?: unknown;
}

/**
 * `listAccountEntries`: the account's statement, newest first, each entry with the running balance
 * it stored when written (so a page reads only its own rows, however deep). Filters: currency, and
 * dates with the transactions list's rules (date-range.ts).
 */
export async function listAccountEntries(caller: Ctx, input: ListAccountEntriesInput): Promise<Page<LedgerEntryDto>> {
  const ctx = listReads(caller);
  const accountId = assertUuid('accountId', input.accountId);
  const q = validateQuery('listAccountEntries', input.query);
  const { start, end } = parseDateRange(q.startDate, q.endDate);
  const parts = [Prisma.sql`e.workspace_id = ${ctx.workspaceId}::uuid`, Prisma.sql`e.account_id = ${accountId}::uuid`];
  if (q.currency) parts.push(Prisma.sql`e.currency = ${q.currency.toUpperCase()}`);
  if (start) parts.push(Prisma.sql`e.created_at >= ${start.at}`);
  if (end) parts.push(end.inclusive ? Prisma.sql`e.created_at <= ${end.at}` : Prisma.sql`e.created_at < ${end.at}`);
  const where = Prisma.join(parts, ' AND ');
  const { skip, take } = skipTake(q);
  const [account, rows, counted] = await Promise.all([
    ctx.db.account.findFirst({ where: { id: accountId, workspaceId: ctx.workspaceId }, select: { id: true } }),
    ctx.sql<EntryRow>(
      Prisma.sql`SELECT ${entryColumns} FROM ledger_entries e WHERE ${where} ORDER BY e.id DESC LIMIT ${take} OFFSET ${skip}`,
    ),
    ctx.sql<{ n: bigint | string }>(Prisma.sql`SELECT count(*) AS n FROM ledger_entries e WHERE ${where}`),
  ]);
  if (!account) throw notFound('account');
  return { data: rows.map(toEntryDto), page: q.page, limit: q.limit, total: Number(counted[0]?.n ?? 0) };
}
