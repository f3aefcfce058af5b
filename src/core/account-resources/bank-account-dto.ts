import type { Prisma } from '../../db/generated/prisma/client.js';
import { columns } from '../columns.js';
import type { Schemas } from '../contract.js';

export type BankAccountDto = Schemas['BankAccountLink'];

/** What a read may show: the sealed account number is deliberately not selected. */
export const bankAccountSelect = columns(
  'id',
  'accountId',
  'holderName',
  'bankName',
  'routingNumber',
  'accountNumberLast4',
  'accountType',
  'createdAt',
) satisfies Prisma.BankAccountLinkSelect;

/** The one mapping from a linked bank account to the contract's `BankAccountLink`. */
export function toBankAccountDto(row: Prisma.BankAccountLinkGetPayload<{ select: typeof bankAccountSelect }>): BankAccountDto {
  return { ...row, accountType: row.accountType as BankAccountDto['accountType'], createdAt: row.createdAt.toISOString() };
}
