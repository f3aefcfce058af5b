import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { type Page, skipTake } from '../pagination.js';
import { assertUuid } from '../validation/uuid.js';
import { validateQuery } from '../validation/validators.js';
import { type BankAccountDto, bankAccountSelect, toBankAccountDto } from './bank-account-dto.js';

/** An account's linked bank accounts, oldest first, masked; unknown query parameters are rejected. */
export async function listBankAccounts(ctx: Ctx, input: { accountId: string; query?: unknown }): Promise<Page<BankAccountDto>> {
  const accountId = assertUuid('accountId', input.accountId);
  const q = validateQuery('listBankAccounts', input.query);
  if (!(await ctx.db.account.findFirst({ where: { id: accountId, workspaceId: ctx.workspaceId }, select: { id: true } })))
    throw notFound('account');
  const where = { accountId, workspaceId: ctx.workspaceId };
  const [rows, total] = await Promise.all([
    ctx.db.bankAccountLink.findMany({ where, select: bankAccountSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...skipTake(q) }),
    ctx.db.bankAccountLink.count({ where }),
  ]);
  return { data: rows.map(toBankAccountDto), page: q.page, limit: q.limit, total };
}
