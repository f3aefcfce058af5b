import { recordAudit, withheldFields } from '../../audit/record-audit.js';
import type { Ctx } from '../../context.js';
import { type FieldError, fieldError, notFound, validationError } from '../../errors.js';
import { assertControlSigner } from '../../kyb/control-signer.js';
import { displayTextError } from '../../validation/display-text.js';
import { emitEvent } from '../../webhooks/events.js';
import { evidenceFrozen } from './evidence-freeze.js';
import { signatureSealContext, TERMS_VERSION } from './signature-terms.js';

/**
 * The holder accepts the terms and signs with their typed full name (link page and sandbox
 * simulation alike). The name is sealed like the other PII and never leaves in an event or a
 * read. Signs once per link; emits kyc_verification_signed (an individual's). A business is signed
 * for by its control person, whose name the typed one must be.
 */
export async function signVerification(
  ctx: Ctx,
  input: { accountId: string; fullName: unknown; acceptTerms: unknown },
): Promise<{ signedAt: string; termsVersion: string }> {
  const errors: FieldError[] = [];
  if (input.acceptTerms !== true) errors.push(fieldError('acceptTerms', 'required', 'you must accept the terms and conditions'));
  const fullName = typeof input.fullName === 'string' ? input.fullName.trim().replace(/\s+/g, ' ') : '';
  const hidden = displayTextError('fullName', fullName);
  if (hidden) errors.push(hidden);
  else if (fullName.length < 2 || fullName.length > 200)
    errors.push(
      fieldError('fullName', fullName.length < 2 ? 'too_short' : 'too_long', 'type your full name (2 to 200 characters)', {
        limit: fullName.length < 2 ? 2 : 200,
      }),
    );
  if (errors.length) throw validationError(errors);
  const { accountId } = input;
  return ctx.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ status: string; signed_at: Date | null; business: boolean }[]>`
      SELECT status::text AS status, signed_at, id_document_type IS NULL AS business FROM banking_verifications
      WHERE account_id = ${accountId}::uuid AND workspace_id = ${ctx.workspaceId}::uuid FOR UPDATE`;
    const v = rows[0];
    if (!v) throw notFound('banking verification');
    const frozen = evidenceFrozen({ status: v.status, signedAt: v.signed_at }, { kind: 'signature' });
    if (frozen) throw frozen;
    if (v.business) await assertControlSigner(tx, ctx, accountId, fullName);
    const signedAt = ctx.clock.now();
    await tx.bankingVerification.update({
      where: { workspaceId_accountId: { workspaceId: ctx.workspaceId, accountId } },
      data: { signedAt, signatureNameEnc: ctx.cipher.encrypt(fullName, signatureSealContext(accountId)) },
      select: { accountId: true },
    });
    const result = { signedAt: signedAt.toISOString(), termsVersion: TERMS_VERSION };
    // A business's signature is part of its KYB evidence: no KYC event is emitted for a business.
    if (!v.business) await emitEvent(tx, ctx, { type: 'kyc_verification_signed', accountId, details: { accountId, ...result } });
    await recordAudit(tx, ctx, {
      action: v.business ? 'kyb.verification_signed' : 'kyc.verification_signed',
      object: { type: 'kyc_verification', id: accountId },
      changes: {
        signedAt: { before: null, after: result.signedAt },
        termsVersion: { after: TERMS_VERSION },
        ...withheldFields(['fullName']),
      },
    });
    return result;
  });
}
