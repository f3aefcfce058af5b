import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Schemas } from '../contract.js';

export type BankAccountDto = Schemas['BankAccountLink'];

/** What a read may show: the sealed account number is deliberately not selected. */
export const bankAccountSelect = {
  id: true,
  accountId: true,
  holderName: true,
  bankName: true,
  routingNumber: true,
  accountNumberLast4: true,
  accountType: true,
  createdAt: true,
} satisfies Prisma.BankAccountLinkSelect;

/** The one mapping from a linked bank account to the contract's `BankAccountLink`. */
export function toBankAccountDto(row: Prisma.BankAccountLinkGetPayload<{ select: typeof bankAccountSelect }>): BankAccountDto {
  return { ...row, accountType: row.accountType as BankAccountDto['accountType'], createdAt: row.createdAt.toISOString() };
}
