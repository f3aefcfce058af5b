import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { assertUuid } from '../validation/uuid.js';
import { type BankingVerificationDto, toVerificationDto, verificationSelect } from './verification-dto.js';

/** The masked verification record of an account of the caller's workspace. */
export async function getBankingVerification(ctx: Ctx, input: { accountId: string }): Promise<BankingVerificationDto> {
  const accountId = assertUuid('accountId', input.accountId);
  const row = await ctx.db.bankingVerification.findFirst({
    where: { accountId, workspaceId: ctx.workspaceId },
    select: verificationSelect,
  });
  if (!row) throw notFound('banking verification');
  return toVerificationDto(row, ctx.cipher);
}
