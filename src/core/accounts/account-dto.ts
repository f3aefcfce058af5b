import type { Prisma } from '../../db/generated/prisma/client.js';
import { columns, withIsoDates } from '../columns.js';
import type { Schemas } from '../contract.js';

export type AccountDto = Schemas['Account'];

export const accountSelect = columns('id', 'type', 'email', 'reference', 'status', 'createdAt', 'updatedAt') satisfies Prisma.AccountSelect;

type AccountRow = Prisma.AccountGetPayload<{ select: typeof accountSelect }>;

/** The one mapping from a stored account to the contract's `Account`. */
export function toAccountDto({ id, ...row }: AccountRow): AccountDto {
  return { accountId: id, ...withIsoDates(row) };
}
