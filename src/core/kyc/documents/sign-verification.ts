import type { Ctx } from '../../context.js';
import { type FieldError, notFound, validationError } from '../../errors.js';
import { displayTextError } from '../../validation/display-text.js';
import { emitEvent } from '../../webhooks/events.js';
import { evidenceFrozen } from './evidence-freeze.js';
import { signatureSealContext, TERMS_VERSION } from './signature-terms.js';

/**
 * The holder accepts the terms and signs with their typed full name (link page and sandbox
 * simulation alike). The name is sealed like the other PII and never leaves in an event or a
 * read. Signs once per link; emits kyc_verification_signed.
 */
export async function signVerification(
  ctx: Ctx,
  input: { accountId: string; fullName: unknown; acceptTerms: unknown },
): Promise<{ signedAt: string; termsVersion: string }> {
  const errors: FieldError[] = [];
  if (input.acceptTerms !== true) errors.push({ field: 'acceptTerms', message: 'you must accept the terms and conditions' });
  const fullName = typeof input.fullName === 'string' ? input.fullName.trim().replace(/\s+/g, ' ') : '';
  const hidden = displayTextError('fullName', fullName);
  if (hidden) errors.push(hidden);
  else if (fullName.length < 2 || fullName.length > 200)
    errors.push({ field: 'fullName', message: 'type your full name (2 to 200 characters)' });
  if (errors.length) throw validationError(errors);
  const { accountId } = input;
  return ctx.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ status: string; signed_at: Date | null }[]>`
      SELECT status::text AS status, signed_at FROM banking_verifications
      WHERE account_id = ${accountId}::uuid AND workspace_id = ${ctx.workspaceId}::uuid FOR UPDATE`;
    const v = rows[0];
    if (!v) throw notFound('banking verification');
    const frozen = evidenceFrozen({ status: v.status, signedAt: v.signed_at }, { kind: 'signature' });
    if (frozen) throw frozen;
    const signedAt = ctx.clock.now();
    await tx.bankingVerification.update({
      where: { workspaceId_accountId: { workspaceId: ctx.workspaceId, accountId } },
      data: { signedAt, signatureNameEnc: ctx.cipher.encrypt(fullName, signatureSealContext(accountId)) },
      select: { accountId: true },
    });
    const result = { signedAt: signedAt.toISOString(), termsVersion: TERMS_VERSION };
    await emitEvent(tx, ctx, { type: 'kyc_verification_signed', accountId, details: { accountId, ...result } });
    return result;
  });
}
