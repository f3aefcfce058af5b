import type { Ctx } from '../context.js';
import { type BankingVerificationDto, toVerificationDto, verificationSelect } from './verification-dto.js';

/** Masked verification records of many accounts in one query (GraphQL's batch loader). */
export async function getBankingVerifications(ctx: Ctx, accountIds: readonly string[]): Promise<Map<string, BankingVerificationDto>> {
  const rows = await ctx.db.bankingVerification.findMany({
    where: { workspaceId: ctx.workspaceId, accountId: { in: [...accountIds] } },
    select: verificationSelect,
  });
  return new Map(rows.map((r) => [r.accountId, toVerificationDto(r, ctx.cipher)]));
}
