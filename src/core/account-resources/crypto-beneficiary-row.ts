import type { Prisma } from '../../db/generated/prisma/client.js';
import { columns, withIsoDates } from '../columns.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { fieldError, notFound, validationError } from '../errors.js';
import { addressValid } from '../transactions/catalog.js';
import { assertUuid } from '../validation/uuid.js';

export type BeneficiaryDto = Schemas['CryptoBeneficiary'];
export const beneficiarySelect = columns(
  'id',
  'accountId',
  'name',
  'coin',
  'network',
  'address',
  'createdAt',
  'updatedAt',
) satisfies Prisma.CryptoBeneficiarySelect;
export const toBeneficiaryDto = (r: Prisma.CryptoBeneficiaryGetPayload<{ select: typeof beneficiarySelect }>): BeneficiaryDto =>
  withIsoDates(r);

export function checkBeneficiaryAddress(network: string, address: string): void {
  if (!addressValid(network, address))
    throw validationError([fieldError('address', 'invalid_format', `is not a valid ${network} address`, { format: 'address' })]);
}

export async function findBeneficiary(tx: Prisma.TransactionClient, ctx: Ctx, accountId: string, beneficiaryId: string) {
  const row = await tx.cryptoBeneficiary.findFirst({
    where: { id: assertUuid('beneficiaryId', beneficiaryId), accountId: assertUuid('accountId', accountId), workspaceId: ctx.workspaceId },
    select: beneficiarySelect,
  });
  if (!row) throw notFound('crypto beneficiary');
  return row;
}
