import { requireSandbox, requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { assertUuid } from '../validation/uuid.js';
import { validateBody } from '../validation/validators.js';
import { type EventType, emitEvent } from '../webhooks/events.js';
import { type BankingVerificationDto, toVerificationDto, verificationSelect } from './verification-dto.js';

const EVENTS: Record<string, EventType> = {
  document_upload_received: 'kyc_document_upload_received',
  documents_uploaded: 'kyc_document_uploaded',
  terms_signed: 'kyc_verification_signed',
};

/** Sandbox: what the holder does behind the verification link, as the provider reports it. */
export async function simulateKycHolderAction(ctx: Ctx, input: { accountId: string; body: unknown }): Promise<BankingVerificationDto> {
  requireWriter(ctx);
  requireSandbox(ctx);
  const accountId = assertUuid('accountId', input.accountId);
  const { action } = validateBody('KycHolderAction', input.body);
  return inTransaction(ctx, async (tx) => {
    const row = await tx.bankingVerification.findFirst({ where: { accountId, workspaceId: ctx.workspaceId }, select: verificationSelect });
    if (!row) throw notFound('banking verification');
    const verification = toVerificationDto(row);
    await emitEvent(tx, ctx, {
      type: EVENTS[action] as EventType,
      accountId,
      details: { accountId, action, verificationStatus: verification.status },
    });
    return verification;
  });
}
