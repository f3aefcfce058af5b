import type { Ctx } from '../context.js';
import { type BusinessVerificationDto, businessVerificationSelect, toBusinessVerificationDto } from './business-verification-dto.js';

/** Masked KYB records of many business accounts in one query (GraphQL's batch loader). */
export async function getBusinessVerifications(ctx: Ctx, accountIds: readonly string[]): Promise<Map<string, BusinessVerificationDto>> {
  const rows = await ctx.db.bankingVerification.findMany({
    where: { workspaceId: ctx.workspaceId, accountId: { in: [...accountIds] }, account: { type: 'business' } },
    select: businessVerificationSelect,
  });
  const found = new Map<string, BusinessVerificationDto>();
  for (const row of rows) {
    const { business } = row;
    if (business) found.set(row.accountId, toBusinessVerificationDto({ ...row, business }));
  }
  return found;
}
