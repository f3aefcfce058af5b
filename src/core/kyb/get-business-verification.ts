import type { Ctx } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { assertUuid } from '../validation/uuid.js';
import { type BusinessVerificationDto, businessVerificationSelect, toBusinessVerificationDto } from './business-verification-dto.js';

/** The masked KYB record of a business account of the caller's workspace. */
export async function getBusinessVerification(ctx: Ctx, input: { accountId: string }): Promise<BusinessVerificationDto> {
  const accountId = assertUuid('accountId', input.accountId);
  const row = await ctx.db.bankingVerification.findFirst({
    where: { accountId, workspaceId: ctx.workspaceId },
    select: businessVerificationSelect,
  });
  if (!row) throw notFound('business verification');
  const { business } = row;
  if (row.account.type !== 'business' || !business) {
    throw new AppError(
      'INVALID_STATE',
      'this is an individual account: read its verification with GET /api/v2/kyc/banking-verification/{accountId}',
    );
  }
  return toBusinessVerificationDto({ ...row, business });
}
