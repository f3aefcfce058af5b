import type { Ctx } from '../context.js';
import { AppError, notFound } from '../errors.js';
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
  if (row.account.type === 'business') {
    throw new AppError(
      'INVALID_STATE',
      'this is a business account: read its verification with GET /api/v2/kyc/banking-verification/{accountId}/business',
    );
  }
  return toVerificationDto(row, ctx.cipher);
}
