import type { Prisma } from '../../db/generated/prisma/client.js';
import { columns } from '../columns.js';
import type { Schemas } from '../contract.js';
import { fromDateColumn } from './calendar.js';

export type BankingVerificationDto = Schemas['BankingVerification'];

/** Everything a read may show: the sealed columns are deliberately not selected. */
export const verificationSelect = {
  ...columns('accountId', 'status', 'phone', 'linkExpiresAt', 'savedAt', 'submittedAt'),
  ...columns('idNumberLast4', 'idDocumentType', 'idIssueDate', 'idExpiryDate', 'idCountryOfIssue', 'nationality'),
  ...columns('address1', 'address2', 'city', 'state', 'postalCode', 'country'),
  account: { select: { status: true, type: true } },
} satisfies Prisma.BankingVerificationSelect;

export type VerificationRow = Prisma.BankingVerificationGetPayload<{ select: typeof verificationSelect }>;

/** Identifiers shorter than 8 characters would be mostly revealed by their last 4: show none. */
export function lastFour(value: string): string | null {
  return value.length >= 8 ? value.slice(-4) : null;
}

export function maskPhone(phone: string): string {
  const digits = phone.slice(1);
  const shown = lastFour(digits) ?? '';
  return `+${'*'.repeat(digits.length - shown.length)}${shown}`;
}

/**
 * An individual's row has every identity column (its submission writes them together); a
 * business's has none (its people are in business_people), and its reads are refused before this.
 */
function individualIdentity(row: VerificationRow) {
  const { phone, idDocumentType, address1, city, state, postalCode, country } = row;
  if (
    phone === null ||
    idDocumentType === null ||
    address1 === null ||
    city === null ||
    state === null ||
    postalCode === null ||
    country === null
  ) {
    throw new Error('a business verification has no individual identity to show');
  }
  return { phone, idDocumentType, address1, city, state, postalCode, country };
}

/** The one mapping from a stored verification to its masked contract shape. */
export function toVerificationDto(row: VerificationRow): BankingVerificationDto {
  const id = individualIdentity(row);
  return {
    accountId: row.accountId,
    status: row.status,
    accountStatus: row.account.status,
    phoneMasked: maskPhone(id.phone),
    document: {
      idDocumentType: id.idDocumentType,
      idNumberLast4: row.idNumberLast4,
      idIssueDate: fromDateColumn(row.idIssueDate),
      idExpiryDate: fromDateColumn(row.idExpiryDate),
      idCountryOfIssue: row.idCountryOfIssue,
      nationality: row.nationality,
    },
    address: {
      address1: id.address1,
      address2: row.address2,
      city: id.city,
      state: id.state,
      postalCode: id.postalCode,
      country: id.country,
    },
    linkExpiresAt: row.linkExpiresAt.toISOString(),
    savedAt: row.savedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}
