import type { Prisma } from '../../db/generated/prisma/client.js';
import { columns, withIsoDates } from '../columns.js';
import type { Schemas } from '../contract.js';

export type AccountDto = Schemas['Account'];
export type ErasedKind = Schemas['AccountErasureMarker']['erased'][number];

export const accountSelect = columns(
  'id',
  'type',
  'email',
  'reference',
  'status',
  'createdAt',
  'updatedAt',
  'erasedAt',
  'erased',
) satisfies Prisma.AccountSelect;

type AccountRow = Prisma.AccountGetPayload<{ select: typeof accountSelect }>;

/** The one mapping from a stored account to the contract's `Account`; `erasure` only once erased. */
export function toAccountDto({ id, erasedAt, erased, ...row }: AccountRow): AccountDto {
  const dto: AccountDto = { accountId: id, ...withIsoDates(row) };
  return erasedAt ? { ...dto, erasure: { erasedAt: erasedAt.toISOString(), erased: erased as ErasedKind[] } } : dto;
}
