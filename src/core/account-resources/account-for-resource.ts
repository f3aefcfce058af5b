import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { type Page, skipTake } from '../pagination.js';
import { assertUuid } from '../validation/uuid.js';
import { validateQuery } from '../validation/validators.js';

/** The account a wallet, beneficiary or bank link belongs to: in the caller's workspace and active. */
export async function activeAccountFor(tx: Prisma.TransactionClient, ctx: Ctx, accountId: string): Promise<string> {
  const id = assertUuid('accountId', accountId);
  const account = await tx.account.findFirst({ where: { id, workspaceId: ctx.workspaceId }, select: { status: true, erasedAt: true } });
  if (!account) throw notFound('account');
  if (account.status !== 'active') throw new AppError('INVALID_STATE', `the account must be active; it is ${account.status}`);
  if (account.erasedAt) throw new AppError('INVALID_STATE', "the account holder's data was erased: the account takes no new resources");
  return id;
}

/** How a list of an account's resources reads its rows: the account's, oldest first, one page. */
export interface ResourcePageRead {
  where: { accountId: string; workspaceId: string };
  orderBy: ({ createdAt: 'asc' } | { id: 'asc' })[];
  skip: number;
  take: number;
}

/**
 * One page of an account's wallets, beneficiaries or bank links, paginated like every list: the account
 * must be in the caller's workspace (else NOT_FOUND) and unknown query parameters are rejected.
 * `read` returns the page's rows and the total.
 */
export async function listOfAccount<Row, Dto>(
  ctx: Ctx,
  input: { accountId: string; query?: unknown },
  operation: 'listCryptoWallets' | 'listCryptoBeneficiaries' | 'listBankAccounts',
  toDto: (row: Row) => Dto,
  read: (page: ResourcePageRead) => Promise<[Row[], number]>,
): Promise<Page<Dto>> {
  const accountId = assertUuid('accountId', input.accountId);
  const q = validateQuery(operation, input.query);
  if (!(await ctx.db.account.findFirst({ where: { id: accountId, workspaceId: ctx.workspaceId }, select: { id: true } })))
    throw notFound('account');
  const where = { accountId, workspaceId: ctx.workspaceId };
  const [rows, total] = await read({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...skipTake(q) });
  return { data: rows.map(toDto), page: q.page, limit: q.limit, total };
}
