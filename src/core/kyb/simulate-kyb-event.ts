import type { AccountDto } from '../accounts/account-dto.js';
import { accountSelect, toAccountDto } from '../accounts/account-dto.js';
import { lockAccount, refuseErased } from '../accounts/account-lock.js';
import { changeAccountStatus } from '../accounts/account-status-change.js';
import { recordAudit } from '../audit/record-audit.js';
import { requireSandbox, requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { AppError, notFound } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { receiveDocument } from '../kyc/documents/receive-document.js';
import { requiredFor } from '../kyc/documents/required-documents.js';
import { signVerification } from '../kyc/documents/sign-verification.js';
import { requestBankingVerification } from '../kyc/request-banking-verification.js';
import { once, SAMPLE_PNG } from '../kyc/simulate-holder-action.js';
import { assertUuid } from '../validation/uuid.js';
import { validateBody } from '../validation/validators.js';
import { emitEvent } from '../webhooks/events.js';
import { personSealContext } from './business-seal.js';

/** The answer, read (and, with an Idempotency-Key, stored) in one transaction, as the holder-action simulation does. */
async function currentAccount(ctx: Ctx, accountId: string): Promise<AccountDto> {
  return inTransaction(ctx, async (tx) =>
    toAccountDto(
      await tx.account.findUniqueOrThrow({
        where: { workspaceId_id: { workspaceId: ctx.workspaceId, id: accountId } },
        select: accountSelect,
      }),
    ),
  );
}

/** The representative's actions on saved KYB data, through the link's and the request's use cases. */
async function representativeAction(ctx: Ctx, accountId: string, event: Schemas['KybEvent']['event']): Promise<AccountDto> {
  if (event === 'submitted') return requestBankingVerification(ctx, { accountId });
  if (event === 'document_uploaded') {
    const v = await ctx.db.bankingVerification.findFirstOrThrow({
      where: { accountId, workspaceId: ctx.workspaceId },
      select: { idDocumentType: true, documents: { where: { uploadedAt: { not: null } }, select: { kind: true } } },
    });
    const required = await requiredFor(ctx.db, { workspaceId: ctx.workspaceId, accountId, idDocumentType: v.idDocumentType });
    const kind = required.map((d) => d.kind).find((k) => !v.documents.some((d) => d.kind === k)) ?? 'certificate_of_incorporation';
    await receiveDocument(ctx, { accountId, kind, fileName: `sandbox-${kind}.png`, content: once(SAMPLE_PNG) });
  } else {
    const control = await ctx.db.businessPerson.findFirst({
      where: { workspaceId: ctx.workspaceId, accountId, isController: true },
      select: { position: true, nameEnc: true },
    });
    if (!control) throw notFound('business verification');
    const name = JSON.parse(ctx.cipher.decrypt(control.nameEnc, personSealContext(accountId, control.position, 'name')));
    await signVerification(ctx, { accountId, fullName: `${name.firstName} ${name.lastName}`, acceptTerms: true });
  }
  return currentAccount(ctx, accountId);
}

/**
 * Sandbox: the business representative's actions (KYB), the shortcut the holder-action simulation
 * is for individuals. With KYB data saved they go through the real use cases; without, the older
 * shortcut only moves the status or emits the event.
 */
export async function simulateKybEvent(ctx: Ctx, input: { accountId: string; body: unknown }): Promise<AccountDto> {
  requireWriter(ctx);
  requireSandbox(ctx);
  const accountId = assertUuid('accountId', input.accountId);
  const b = validateBody('KybEvent', input.body);
  const account = await ctx.db.account.findFirst({ where: { id: accountId, workspaceId: ctx.workspaceId }, select: { type: true } });
  if (!account) throw notFound('account');
  if (account.type !== 'business') throw new AppError('INVALID_STATE', 'KYB applies to business accounts; this is an individual account');
  const saved = await ctx.db.businessVerification.count({ where: { accountId, workspaceId: ctx.workspaceId } });
  if (saved > 0) return representativeAction(ctx, accountId, b.event);
  if (b.event === 'signed') throw notFound('business verification');
  return inTransaction(ctx, async (tx) => {
    const locked = await lockAccount(tx, ctx, accountId);
    refuseErased(locked);
    if (b.event === 'submitted') {
      if (locked.status !== 'pending' && locked.status !== 'needs_update') {
        throw new AppError('INVALID_STATE', `KYB can be submitted while the account is pending or needs_update; it is ${locked.status}`);
      }
      const updated = await changeAccountStatus(tx, ctx, locked, 'in_review');
      await emitEvent(tx, ctx, { type: 'kyb_verification_submitted', accountId, details: { account: updated } });
      await recordAudit(tx, ctx, { action: 'kyb.verification_requested', object: { type: 'kyc_verification', id: accountId } });
      return updated;
    }
    const current = toAccountDto(
      await tx.account.findUniqueOrThrow({
        where: { workspaceId_id: { workspaceId: ctx.workspaceId, id: accountId } },
        select: accountSelect,
      }),
    );
    await emitEvent(tx, ctx, {
      type: 'kyb_document_uploaded',
      accountId,
      details: { account: current, documentType: b.documentType ?? 'other' },
    });
    await recordAudit(tx, ctx, {
      action: 'kyb.document_simulated',
      object: { type: 'kyc_verification', id: accountId },
      changes: { documentType: { after: b.documentType ?? 'other' } },
    });
    return current;
  });
}
