import type { Prisma } from '../../db/generated/prisma/client.js';
import { columns } from '../columns.js';
import type { Schemas } from '../contract.js';
import { fromDateColumn } from '../kyc/calendar.js';
import { maskPhone } from '../kyc/contact-seal.js';
import { canRequestVerification } from '../kyc/verification-request-rule.js';

export type BusinessVerificationDto = Schemas['BusinessVerification'];

const personSelect = {
  ...columns('position', 'nameInitials', 'title', 'isOwner', 'isController', 'ownershipPercent', 'phoneMasked'),
  ...columns('idDocumentType', 'idNumberLast4', 'idIssueDate', 'idExpiryDate', 'idCountryOfIssue', 'nationality', 'city', 'country'),
} satisfies Prisma.BusinessPersonSelect;

/** Everything a read may show: the sealed columns (`*Enc`) are deliberately not selected. */
export const businessVerificationSelect = {
  ...columns('accountId', 'status', 'linkExpiresAt', 'savedAt', 'submittedAt', 'rejectedAt'),
  account: { select: { status: true, type: true } },
  business: {
    select: {
      ...columns('legalName', 'tradeName', 'businessType', 'registrationNumber', 'countryOfIncorporation', 'stateOfIncorporation'),
      ...columns('incorporationDate', 'taxIdLast4', 'address1', 'address2', 'city', 'state', 'postalCode', 'country', 'website', 'phone'),
      people: { select: personSelect, orderBy: { position: 'asc' } },
    },
  },
} satisfies Prisma.BankingVerificationSelect;

export type BusinessVerificationRow = Prisma.BankingVerificationGetPayload<{ select: typeof businessVerificationSelect }>;
type Company = NonNullable<BusinessVerificationRow['business']>;

/** The one mapping from a stored business verification to its masked contract shape. */
export function toBusinessVerificationDto(row: BusinessVerificationRow & { business: Company }): BusinessVerificationDto {
  const b = row.business;
  return {
    accountId: row.accountId,
    status: row.status,
    accountStatus: row.account.status,
    canRequestVerification: canRequestVerification(row.account.status, row.status),
    company: {
      legalName: b.legalName,
      tradeName: b.tradeName,
      businessType: b.businessType,
      registrationNumber: b.registrationNumber,
      countryOfIncorporation: b.countryOfIncorporation,
      stateOfIncorporation: b.stateOfIncorporation,
      incorporationDate: fromDateColumn(b.incorporationDate) ?? '',
      taxIdLast4: b.taxIdLast4,
      address: { address1: b.address1, address2: b.address2, city: b.city, state: b.state, postalCode: b.postalCode, country: b.country },
      website: b.website,
      phoneMasked: b.phone ? maskPhone(b.phone) : null,
    },
    people: b.people.map((p) => ({
      position: p.position,
      nameInitials: p.nameInitials,
      title: p.title,
      roles: [...(p.isOwner ? (['ownership'] as const) : []), ...(p.isController ? (['control'] as const) : [])],
      ownershipPercent: p.ownershipPercent === null ? null : Number(p.ownershipPercent),
      phoneMasked: p.phoneMasked,
      document: {
        idDocumentType: p.idDocumentType,
        idNumberLast4: p.idNumberLast4,
        idIssueDate: fromDateColumn(p.idIssueDate),
        idExpiryDate: fromDateColumn(p.idExpiryDate),
        idCountryOfIssue: p.idCountryOfIssue,
        nationality: p.nationality,
      },
      address: { city: p.city, country: p.country },
    })),
    linkExpiresAt: row.linkExpiresAt.toISOString(),
    savedAt: row.savedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    rejectedAt: row.rejectedAt?.toISOString() ?? null,
  };
}
