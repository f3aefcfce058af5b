import { lockAccount } from '../accounts/account-lock.js';
import { recordAudit, withheldFields } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { AppError } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { dateColumn, todayUtc } from '../kyc/calendar.js';
import { lastFour, maskPhone } from '../kyc/contact-seal.js';
import { documentStoreOf } from '../kyc/documents/holder-link.js';
import { newVerificationLink } from '../kyc/verification-link.js';
import { recordVerificationStatus, SUBMITTABLE } from '../kyc/verification-status.js';
import { validateBody } from '../validation/validators.js';
import { checkBusinessRules } from './business-rules.js';
import { companySealContext, initialsOf, personSealContext } from './business-seal.js';

type Submission = Schemas['BusinessVerificationSubmission'];

/** The verification row of a business: the link and its state; no individual identity. */
function verificationData(link: ReturnType<typeof newVerificationLink>, now: Date) {
  return {
    status: 'saved' as const,
    ...{ dateOfBirthEnc: null, phoneEnc: null, phoneMasked: null, idNumberEnc: null, idNumberLast4: null, idDocumentType: null },
    ...{ idIssueDate: null, idExpiryDate: null, idCountryOfIssue: null, nationality: null },
    ...{ address1Enc: null, address2Enc: null, city: null, state: null, postalCode: null, country: null },
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
}

function companyData(ctx: Ctx, accountId: string, c: Submission['company']) {
  return {
    legalName: c.legalName,
    tradeName: c.tradeName ?? null,
    businessType: c.businessType,
    registrationNumber: c.registrationNumber,
    countryOfIncorporation: c.countryOfIncorporation,
    stateOfIncorporation: c.stateOfIncorporation ?? null,
    incorporationDate: dateColumn(c.incorporationDate),
    taxIdEnc: ctx.cipher.encrypt(c.taxId, companySealContext(accountId, 'taxId')),
    taxIdLast4: lastFour(c.taxId),
    address1: c.address.address1,
    address2: c.address.address2 ?? null,
    city: c.address.city,
    state: c.address.state,
    postalCode: c.address.postalCode,
    country: c.address.country,
    website: c.website ?? null,
    phone: c.phone ?? null,
  };
}

function personData(ctx: Ctx, accountId: string, p: Submission['people'][number], position: number) {
  const seal = (value: string, column: Parameters<typeof personSealContext>[2]) =>
    ctx.cipher.encrypt(value, personSealContext(accountId, position, column));
  const doc = p.documentId;
  return {
    workspaceId: ctx.workspaceId,
    accountId,
    position,
    nameEnc: seal(JSON.stringify({ firstName: p.firstName, lastName: p.lastName }), 'name'),
    nameInitials: initialsOf(p.firstName, p.lastName),
    title: p.title,
    isOwner: p.roles.includes('ownership'),
    isController: p.roles.includes('control'),
    ownershipPercent: p.ownershipPercent !== undefined ? p.ownershipPercent.toFixed(2) : null,
    dateOfBirthEnc: seal(p.dateOfBirth, 'dateOfBirth'),
    phoneEnc: seal(p.phone, 'phone'),
    phoneMasked: maskPhone(p.phone),
    idNumberEnc: seal(doc.idNumber, 'idNumber'),
    idNumberLast4: lastFour(doc.idNumber),
    idDocumentType: doc.idDocumentType,
    idIssueDate: doc.idIssueDate ? dateColumn(doc.idIssueDate) : null,
    idExpiryDate: doc.idExpiryDate ? dateColumn(doc.idExpiryDate) : null,
    idCountryOfIssue: doc.idCountryOfIssue ?? null,
    nationality: doc.nationality ?? null,
    addressEnc: seal(JSON.stringify(p.address), 'address'),
    city: p.address.city,
    country: p.address.country,
  };
}

/**
 * `submitBusinessVerification`: saves (or overwrites) a business account's KYB data (the company
 * and its people) and issues a new verification link for its representative. Like the individual
 * submission it sends nothing to the provider and leaves the account status alone.
 */
export async function submitBusinessVerification(ctx: Ctx, input: unknown): Promise<Schemas['BankingVerificationSubmitted']> {
  requireWriter(ctx);
  const s = validateBody('BusinessVerificationSubmission', input);
  const now = ctx.clock.now();
  checkBusinessRules(s, todayUtc(now));
  const accountId = s.accountId.toLowerCase();
  const link = newVerificationLink(ctx.publicUrl, now);
  const verification = verificationData(link, now);
  const company = companyData(ctx, accountId, s.company);
  const people = s.people.map((p, i) => personData(ctx, accountId, p, i + 1));
  let removed: string[] = [];
  const answer = await inTransaction(ctx, async (tx) => {
    const account = await lockAccount(tx, ctx, accountId);
    if (account.type !== 'business') {
      throw new AppError(
        'INVALID_STATE',
        'business verification applies to business accounts; this is an individual account (POST /api/v2/kyc/banking-verification/individual)',
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
      create: { accountId, workspaceId: ctx.workspaceId, ...verification },
      update: verification,
      select: { accountId: true },
    });
    await tx.businessVerification.upsert({
      where: key,
      create: { accountId, workspaceId: ctx.workspaceId, ...company },
      update: company,
      select: { accountId: true },
    });
    await tx.businessPerson.deleteMany({ where: { workspaceId: ctx.workspaceId, accountId } });
    await tx.businessPerson.createMany({ data: people });
    await recordVerificationStatus(tx, ctx, accountId, before?.status ?? null, 'saved');
    await recordAudit(tx, ctx, {
      action: 'kyb.verification_submitted',
      object: { type: 'kyc_verification', id: accountId },
      changes: {
        status: { before: before?.status ?? null, after: 'saved' },
        people: { after: people.length },
        ...(removed.length ? { documents: { before: removed.length, after: 0 } } : {}),
        ...withheldFields(['company', 'people']),
      },
    });
    return { accountId, verificationUrl: link.url };
  });
  // The previous link's file contents go after the commit (their rows went with it).
  await documentStoreOf(ctx).delete(ctx.workspaceId, removed);
  return answer;
}
