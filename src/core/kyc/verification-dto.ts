import type { Prisma } from '../../db/generated/prisma/client.js';
import { columns } from '../columns.js';
import type { Schemas } from '../contract.js';
import type { FieldCipher } from '../crypto/field-cipher.js';
import { fromDateColumn } from './calendar.js';
import { openStreet } from './contact-seal.js';

export type BankingVerificationDto = Schemas['BankingVerification'];

/**
 * Everything a read may show: of the sealed columns only the street lines, which reads show
 * opened; the phone is read as its stored mask, the id number and birth date not at all.
 */
export const verificationSelect = {
  ...columns('accountId', 'status', 'phoneMasked', 'linkExpiresAt', 'savedAt', 'submittedAt'),
  ...columns('idNumberLast4', 'idDocumentType', 'idIssueDate', 'idExpiryDate', 'idCountryOfIssue', 'nationality'),
  ...columns('address1Enc', 'address2Enc', 'city', 'state', 'postalCode', 'country'),
  account: { select: { status: true } },
} satisfies Prisma.BankingVerificationSelect;

export type VerificationRow = Prisma.BankingVerificationGetPayload<{ select: typeof verificationSelect }>;

/** The one mapping from a stored verification to its masked contract shape. */
export function toVerificationDto(row: VerificationRow, cipher: FieldCipher): BankingVerificationDto {
  const street = openStreet(cipher, row.accountId, row);
  return {
    accountId: row.accountId,
    status: row.status,
    accountStatus: row.account.status,
    phoneMasked: row.phoneMasked,
    document: {
      idDocumentType: row.idDocumentType,
      idNumberLast4: row.idNumberLast4,
      idIssueDate: fromDateColumn(row.idIssueDate),
      idExpiryDate: fromDateColumn(row.idExpiryDate),
      idCountryOfIssue: row.idCountryOfIssue,
      nationality: row.nationality,
    },
    address: {
      address1: street.address1,
      address2: street.address2,
      city: row.city,
      state: row.state,
      postalCode: row.postalCode,
      country: row.country,
    },
    linkExpiresAt: row.linkExpiresAt.toISOString(),
    savedAt: row.savedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}
