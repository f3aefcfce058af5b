import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Schemas } from '../contract.js';

export type AccountDto = Schemas['Account'];

export const accountSelect = {
  id: true,
  type: true,
  email: true,
  reference: true,
  status: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.AccountSelect;

type AccountRow = Prisma.AccountGetPayload<{ select: typeof accountSelect }>;

/** The one mapping from a stored account to the contract's `Account`. */
export function toAccountDto(row: AccountRow): AccountDto {
  return {
    accountId: row.id,
    type: row.type,
    email: row.email,
    reference: row.reference,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
