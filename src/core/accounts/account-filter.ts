import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { QueryOf } from '../contract.js';
import { UUID } from '../validation/uuid.js';

export type AccountFilterInput = Omit<QueryOf<'listAccounts'>, 'page' | 'limit' | 'after'>;

/** The accounts a list filter selects, in the caller's workspace: the list and the export both read this. */
export function accountWhere(ctx: Ctx, q: AccountFilterInput): Prisma.AccountWhereInput {
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
  return where;
}
