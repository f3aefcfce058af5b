import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { AppError, notFound } from '../errors.js';

export interface LockedAccount {
  id: string;
  type: Schemas['AccountType'];
  status: Schemas['AccountStatus'];
  /** Set once the holder's personal data is erased: no more data is accepted for the account. */
  erasedAt: Date | null;
}

/**
 * Reads an account of the caller's workspace with a row lock (`FOR UPDATE`) for the rest of the
 * transaction, so state checks and the writes that depend on them cannot interleave with another
 * request's. Another workspace's account is NOT_FOUND.
 */
export async function lockAccount(tx: Prisma.TransactionClient, ctx: Ctx, accountId: string): Promise<LockedAccount> {
  const rows = await tx.$queryRaw<LockedAccount[]>`
    SELECT id::text AS id, type::text AS type, status::text AS status, erased_at AS "erasedAt"
    FROM accounts WHERE id = ${accountId}::uuid AND workspace_id = ${ctx.workspaceId}::uuid
    FOR UPDATE`;
  const row = rows[0];
  if (!row) throw notFound('account');
  return row;
}

/** An erased account takes no more personal data and no new business (eraseAccount). */
export function refuseErased(account: { erasedAt: Date | null }): void {
  if (account.erasedAt)
    throw new AppError('INVALID_STATE', "the account holder's data was erased: the account takes no new data or business");
}
