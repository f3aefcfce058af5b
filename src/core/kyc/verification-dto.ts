import type { Prisma } from '../../db/generated/prisma/client.js';
import { columns } from '../columns.js';
import type { Schemas } from '../contract.js';
import type { FieldCipher } from '../crypto/field-cipher.js';
import { fromDateColumn } from './calendar.js';
import { openStreet } from './contact-seal.js';
import { canRequestVerification } from './verification-request-rule.js';

export { lastFour, maskPhone } from './contact-seal.js';

export type BankingVerificationDto = Schemas['BankingVerification'];

/**
 * Everything a read may show: of the sealed columns only the street lines, which reads show
 * opened; the phone is read as its stored mask, the id number and birth date not at all.
 */
export const verificationSelect = {
  ...columns('accountId', 'status', 'phoneMasked', 'linkExpiresAt', 'savedAt', 'submittedAt', 'rejectedAt'),
  ...columns('idNumberLast4', 'idDocumentType', 'idIssueDate', 'idExpiryDate', 'idCountryOfIssue', 'nationality'),
  ...columns('address1Enc', 'address2Enc', 'city', 'state', 'postalCode', 'country'),
  account: { select: { status: true, type: true } },
} satisfies Prisma.BankingVerificationSelect;

export type VerificationRow = Prisma.BankingVerificationGetPayload<{ select: typeof verificationSelect }>;

/**
 * An individual's row has every identity column (its submission writes them together); a
 * business's has none (its people are in business_people), and its reads are refused before this.
 */
function individualIdentity(row: VerificationRow) {
  const { phoneMasked, idDocumentType, address1Enc, city, state, postalCode, country } = row;
  if (
    phoneMasked === null ||
    idDocumentType === null ||
    address1Enc === null ||
    city === null ||
    state === null ||
    postalCode === null ||
    country === null
  ) {
    throw new Error('a business verification has no individual identity to show');
  }
  return { phoneMasked, idDocumentType, address1Enc, city, state, postalCode, country };
}

/** The one mapping from a stored verification to its masked contract shape. */
export function toVerificationDto(row: VerificationRow, cipher: FieldCipher): BankingVerificationDto {
  const id = individualIdentity(row);
  const street = openStreet(cipher, row.accountId, { address1Enc: id.address1Enc, address2Enc: row.address2Enc });
  return {
    accountId: row.accountId,
    status: row.status,
    accountStatus: row.account.status,
    canRequestVerification: canRequestVerification(row.account.status, row.status),
    phoneMasked: id.phoneMasked,
    document: {
      idDocumentType: id.idDocumentType,
      idNumberLast4: row.idNumberLast4,
      idIssueDate: fromDateColumn(row.idIssueDate),
      idExpiryDate: fromDateColumn(row.idExpiryDate),
      idCountryOfIssue: row.idCountryOfIssue,
      nationality: row.nationality,
    },
    address: {
      address1: street.address1,
      address2: street.address2,
      city: id.city,
      state: id.state,
      postalCode: id.postalCode,
      country: id.country,
    },
    linkExpiresAt: row.linkExpiresAt.toISOString(),
    savedAt: row.savedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    rejectedAt: row.rejectedAt?.toISOString() ?? null,
  };
}
