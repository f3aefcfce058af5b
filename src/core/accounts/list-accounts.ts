import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import {
  afterKeyWhere,
  type CursorPage,
  decodeCursor,
  filterDigest,
  nextCursorOf,
  numberedPageHasMore,
  refusePageWithCursor,
} from '../cursor.js';
import { skipTake } from '../pagination.js';
import { listReads } from '../read-routing.js';
import { validateQuery } from '../validation/validators.js';
import { type AccountDto, accountSelect, toAccountDto } from './account-dto.js';
import { accountWhere } from './account-filter.js';

/**
 * Accounts of the caller's workspace, newest first, with the exact total; by number (`page`) or
 * after a cursor (`after`, keyset: rows created or changed since do not shift the pages). Every
 * page carries the cursor of the next one.
 */
export async function listAccounts(caller: Ctx, input: unknown): Promise<CursorPage<AccountDto>> {
  const ctx = listReads(caller);
  const q = validateQuery('listAccounts', input);
  refusePageWithCursor(q);
  const filters = filterDigest(q);
  const where = accountWhere(ctx, q);
  const key = q.after === undefined ? undefined : decodeCursor(ctx, 'accounts', filters, q.after);
  const paging = key ? { take: q.limit + 1 } : skipTake(q);
  const pageWhere: Prisma.AccountWhereInput = key ? { AND: [where, afterKeyWhere(key)] } : where;
  const [rows, total] = await Promise.all([
    ctx.db.account.findMany({
      where: pageWhere,
      select: accountSelect,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      ...paging,
    }),
    ctx.db.account.count({ where }),
  ]);
  const data = rows.slice(0, q.limit).map(toAccountDto);
  const { skip, take } = skipTake(q);
  const more = key ? rows.length > q.limit : numberedPageHasMore(skip, take, data.length, total);
  const nextCursor = nextCursorOf(ctx, 'accounts', filters, data, more, (a) => ({ at: a.createdAt, id: a.accountId }));
  return { data, page: q.page, limit: q.limit, total, nextCursor };
}
