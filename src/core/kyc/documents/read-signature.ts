import { recordAudit } from '../../audit/record-audit.js';
import type { Ctx } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { assertUuid } from '../../validation/uuid.js';
import { signatureSealContext } from './signature-terms.js';

/**
 * Who signed the terms of an account's current verification link and when, for the dashboard's KYC
 * review: the typed name is unsealed for admins and API keys only (analysts see that it was signed,
 * and when, through the document list). Null when the holder has not signed yet.
 */
export async function readVerificationSignature(
  ctx: Ctx,
  input: { accountId: string },
): Promise<{ accountId: string; signedAt: string; fullName: string } | null> {
  if (ctx.actor.role === 'analyst') throw new AppError('FORBIDDEN', "analysts may see when the terms were signed, not the signer's name");
  const accountId = assertUuid('accountId', input?.accountId);
  const v = await ctx.db.bankingVerification.findFirst({
    where: { accountId, workspaceId: ctx.workspaceId },
    select: { signedAt: true, signatureNameEnc: true },
  });
  if (!v) throw notFound('banking verification');
  if (!v.signedAt || !v.signatureNameEnc) return null;
  await recordAudit(ctx.db, ctx, { action: 'kyc.signature_viewed', object: { type: 'kyc_verification', id: accountId } });
  return {
    accountId,
    signedAt: v.signedAt.toISOString(),
    fullName: ctx.cipher.decrypt(v.signatureNameEnc, signatureSealContext(accountId)),
  };
}
