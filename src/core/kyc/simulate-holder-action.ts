import { requireSandbox, requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { assertUuid } from '../validation/uuid.js';
import { validateBody } from '../validation/validators.js';
import { requiredDocuments } from './documents/document-kinds.js';
import { receiveDocument } from './documents/receive-document.js';
import { signVerification } from './documents/sign-verification.js';
import { assertIndividual } from './individual-account.js';
import { type BankingVerificationDto, toVerificationDto, verificationSelect } from './verification-dto.js';

/** A 1x1 grey PNG: the sandbox holder's "photo" of each document. */
const SAMPLE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==', 'base64');

async function* once(bytes: Buffer): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/**
 * Sandbox: the holder's actions behind the verification link, through the same use cases as the
 * page. `document_upload_received` uploads a sample file for the first missing kind (or replaces
 * the identity document when none is missing); `documents_uploaded` uploads every missing one
 * (the last emits kyc_document_uploaded); `terms_signed` signs as "Sandbox Holder".
 */
export async function simulateKycHolderAction(ctx: Ctx, input: { accountId: string; body: unknown }): Promise<BankingVerificationDto> {
  requireWriter(ctx);
  requireSandbox(ctx);
  const accountId = assertUuid('accountId', input.accountId);
  const { action } = validateBody('KycHolderAction', input.body);
  const account = await ctx.db.account.findFirst({ where: { id: accountId, workspaceId: ctx.workspaceId }, select: { type: true } });
  if (!account) throw notFound('account');
  assertIndividual(account);
  const v = await ctx.db.bankingVerification.findFirst({
    where: { accountId, workspaceId: ctx.workspaceId },
    select: { idDocumentType: true, documents: { where: { uploadedAt: { not: null } }, select: { kind: true } } },
  });
  if (!v) throw notFound('banking verification');
  const missing = requiredDocuments(v.idDocumentType)
    .map((d) => d.kind)
    .filter((k) => !v.documents.some((d) => d.kind === k));
  const upload = (kind: string) => receiveDocument(ctx, { accountId, kind, fileName: `sandbox-${kind}.png`, content: once(SAMPLE_PNG) });
  if (action === 'document_upload_received') {
    await upload(missing[0] ?? 'document_front');
  } else if (action === 'documents_uploaded') {
    if (missing.length === 0) throw new AppError('INVALID_STATE', 'every required document is already uploaded');
    for (const kind of missing) await upload(kind);
  } else {
    await signVerification(ctx, { accountId, fullName: 'Sandbox Holder', acceptTerms: true });
  }
  // The answer is read (and, with an Idempotency-Key, stored) in one transaction. The holder's use
  // cases above commit their own; repeating one after a crash replaces a sample file, no more.
  return inTransaction(ctx, async (tx) => {
    const row = await tx.bankingVerification.findFirst({ where: { accountId, workspaceId: ctx.workspaceId }, select: verificationSelect });
    if (!row) throw notFound('banking verification');
    return toVerificationDto(row, ctx.cipher);
  });
}
