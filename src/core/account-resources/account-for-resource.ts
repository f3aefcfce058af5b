import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { assertUuid } from '../validation/uuid.js';

/** The account a wallet, beneficiary or bank link belongs to: in the caller's workspace and active. */
export async function activeAccountFor(tx: Prisma.TransactionClient, ctx: Ctx, accountId: string): Promise<string> {
  const id = assertUuid('accountId', accountId);
  const account = await tx.account.findFirst({ where: { id, workspaceId: ctx.workspaceId }, select: { status: true } });
  if (!account) throw notFound('account');
  if (account.status !== 'active') throw new AppError('INVALID_STATE', `the account must be active; it is ${account.status}`);
  return id;
}
