import { lockAccount } from '../accounts/account-lock.js';
import { recordAudit, withheldFields } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { AppError, validationError } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { validateBody } from '../validation/validators.js';
import { dateColumn, todayUtc } from './calendar.js';
import { lastFour, sealContact, sealContext } from './contact-seal.js';
import { documentStoreOf } from './documents/holder-link.js';
import { identityDateErrors } from './identity-dates.js';
import { newVerificationLink } from './verification-link.js';
import { recordVerificationStatus, SUBMITTABLE } from './verification-status.js';

type Submission = Schemas['BankingVerificationSubmission'];

/** Rules between fields and against today's date that a schema cannot state. */
function checkDates(s: Submission, today: string): void {
  const errors = identityDateErrors('', s, today);
  if (errors.length) throw validationError(errors);
}

/**
 * `submitBankingVerification`: saves (or overwrites) an individual account's KYC data and issues a new verification
 * link. Sends nothing to the provider and leaves the account status alone.
 */
export async function submitBankingVerification(ctx: Ctx, input: unknown): Promise<Schemas['BankingVerificationSubmitted']> {
  requireWriter(ctx);
  const s = validateBody('BankingVerificationSubmission', input);
  const now = ctx.clock.now();
  checkDates(s, todayUtc(now));
  const accountId = s.accountId.toLowerCase();
  const link = newVerificationLink(ctx.publicUrl, now);
  const doc = s.documentId;
  const data = {
    status: 'saved' as const,
    dateOfBirthEnc: ctx.cipher.encrypt(s.dateOfBirth, sealContext(accountId, 'dateOfBirth')),
    ...sealContact(ctx.cipher, accountId, { phone: s.phone, address1: s.address.address1, address2: s.address.address2 ?? null }),
    idNumberEnc: ctx.cipher.encrypt(doc.idNumber, sealContext(accountId, 'idNumber')),
    idNumberLast4: lastFour(doc.idNumber),
    idDocumentType: doc.idDocumentType,
    idIssueDate: doc.idIssueDate ? dateColumn(doc.idIssueDate) : null,
    idExpiryDate: doc.idExpiryDate ? dateColumn(doc.idExpiryDate) : null,
    idCountryOfIssue: doc.idCountryOfIssue ?? null,
    nationality: doc.nationality ?? null,
    city: s.address.city,
    state: s.address.state,
    postalCode: s.address.postalCode,
    country: s.address.country,
    linkTokenHash: link.tokenHash,
    linkExpiresAt: link.expiresAt,
    savedAt: now,
    submittedAt: null,
    // A new link starts afresh: attempts, documents (removed below) and signature.
    linkAttempts: 0,
    documentsCompletedAt: null,
    signedAt: null,
    signatureNameEnc: null,
  };
  let removed: string[] = [];
  const answer = await inTransaction(ctx, async (tx) => {
    const account = await lockAccount(tx, ctx, accountId);
    if (account.type !== 'individual') {
      throw new AppError(
        'INVALID_STATE',
        'individual banking verification applies to individual accounts; this is a business account (POST /api/v2/kyc/banking-verification/business)',
      );
    }
    if (!(SUBMITTABLE as readonly string[]).includes(account.status)) {
      throw new AppError(
        'INVALID_STATE',
        `verification data can be saved while the account is pending or needs_update; it is ${account.status}`,
      );
    }
    const key = { workspaceId_accountId: { workspaceId: ctx.workspaceId, accountId } };
    const before = await tx.bankingVerification.findUnique({ where: key, select: { status: true } });
    // Documents prove the data they were uploaded for: new data, new link, new documents.
    const old = await tx.kycDocument.findMany({ where: { accountId, workspaceId: ctx.workspaceId }, select: { id: true } });
    removed = old.map((d) => d.id);
    if (removed.length) await tx.kycDocument.deleteMany({ where: { workspaceId: ctx.workspaceId, id: { in: removed } } });
    await tx.bankingVerification.upsert({
      where: key,
      create: { accountId, workspaceId: ctx.workspaceId, ...data },
      update: data,
    });
    await recordVerificationStatus(tx, ctx, accountId, before?.status ?? null, 'saved');
    await recordAudit(tx, ctx, {
      action: 'kyc.verification_submitted',
      object: { type: 'kyc_verification', id: accountId },
      changes: {
        status: { before: before?.status ?? null, after: 'saved' },
        ...(removed.length ? { documents: { before: removed.length, after: 0 } } : {}),
        ...withheldFields(Object.keys(s).filter((k) => k !== 'accountId')),
      },
    });
    return { accountId, verificationUrl: link.url };
  });
  // The previous link's file contents go after the commit (their rows went with it).
  await documentStoreOf(ctx).delete(ctx.workspaceId, removed);
  return answer;
}
