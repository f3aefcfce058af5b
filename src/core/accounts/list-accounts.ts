import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { type Page, skipTake } from '../pagination.js';
import { UUID } from '../validation/uuid.js';
import { validateQuery } from '../validation/validators.js';
import { type AccountDto, accountSelect, toAccountDto } from './account-dto.js';

/** Accounts of the caller's workspace, newest first, with the exact total. */
export async function listAccounts(ctx: Ctx, input: unknown): Promise<Page<AccountDto>> {
  const q = validateQuery('listAccounts', input);
  const where: Prisma.AccountWhereInput = { workspaceId: ctx.workspaceId };
  if (q.status) where.status = q.status;
  if (q.search) {
    const contains = q.search;
    where.OR = [
      { email: { contains, mode: 'insensitive' } },
      { reference: { contains, mode: 'insensitive' } },
      ...(UUID.test(contains) ? [{ id: { equals: contains.toLowerCase() } }] : []),
    ];
  }
  const [rows, total] = await Promise.all([
    ctx.db.account.findMany({
      where,
      select: accountSelect,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      ...skipTake(q),
    }),
    ctx.db.account.count({ where }),
  ]);
  return { data: rows.map(toAccountDto), page: q.page, limit: q.limit, total };
}
