import type { Ctx } from '../context.js';
import { type Page, skipTake } from '../pagination.js';
import { listReads } from '../read-routing.js';
import { validateQuery } from '../validation/validators.js';
import { type AccountDto, accountSelect, toAccountDto } from './account-dto.js';
import { accountWhere } from './account-filter.js';

/** Accounts of the caller's workspace, newest first, with the exact total. */
export async function listAccounts(caller: Ctx, input: unknown): Promise<Page<AccountDto>> {
  const ctx = listReads(caller);
  const q = validateQuery('listAccounts', input);
  const where = accountWhere(ctx, q);
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
