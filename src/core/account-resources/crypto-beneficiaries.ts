import type { Prisma } from '../../db/generated/prisma/client.js';
import { requireWriter } from '../auth/authorize.js';
import { columns, withIsoDates } from '../columns.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { notFound, validationError } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import type { Page } from '../pagination.js';
import { addressValid } from '../transactions/catalog.js';
import { cryptoRoute } from '../transactions/pricing.js';
import { assertUuid } from '../validation/uuid.js';
import { validateBody } from '../validation/validators.js';
import { emitEvent } from '../webhooks/events.js';
import { activeAccountFor, listOfAccount } from './account-for-resource.js';

type BeneficiaryDto = Schemas['CryptoBeneficiary'];
const select = columns(
  'id',
  'accountId',
  'name',
  'coin',
  'network',
  'address',
  'createdAt',
  'updatedAt',
) satisfies Prisma.CryptoBeneficiarySelect;
const toDto = (r: Prisma.CryptoBeneficiaryGetPayload<{ select: typeof select }>): BeneficiaryDto => withIsoDates(r);

function checkAddress(network: string, address: string): void {
  if (!addressValid(network, address)) throw validationError([{ field: 'address', message: `is not a valid ${network} address` }]);
}

async function find(tx: Prisma.TransactionClient, ctx: Ctx, accountId: string, beneficiaryId: string) {
  const row = await tx.cryptoBeneficiary.findFirst({
    where: { id: assertUuid('beneficiaryId', beneficiaryId), accountId: assertUuid('accountId', accountId), workspaceId: ctx.workspaceId },
    select,
  });
  if (!row) throw notFound('crypto beneficiary');
  return row;
}

/** Adds a withdrawal address; emits crypto_beneficiary_created. */
export async function createCryptoBeneficiary(ctx: Ctx, input: { accountId: string; body: unknown }): Promise<BeneficiaryDto> {
  requireWriter(ctx);
  const b = validateBody('CreateCryptoBeneficiaryRequest', input.body);
  cryptoRoute(b.coin, b.network);
  checkAddress(b.network, b.address);
  return inTransaction(ctx, async (tx) => {
    const accountId = await activeAccountFor(tx, ctx, input.accountId);
    const now = ctx.clock.now();
    const row = await tx.cryptoBeneficiary.create({
      data: { id: ctx.ids.uuid(), workspaceId: ctx.workspaceId, accountId, ...b, createdAt: now, updatedAt: now },
      select,
    });
    const beneficiary = toDto(row);
    await emitEvent(tx, ctx, { type: 'crypto_beneficiary_created', accountId, details: { beneficiary } });
    return beneficiary;
  });
}

/** An account's withdrawal beneficiaries, oldest first (see `listOfAccount`). */
export function listCryptoBeneficiaries(ctx: Ctx, input: { accountId: string; query?: unknown }): Promise<Page<BeneficiaryDto>> {
  return listOfAccount(ctx, input, 'listCryptoBeneficiaries', toDto, (page) =>
    Promise.all([ctx.db.cryptoBeneficiary.findMany({ ...page, select }), ctx.db.cryptoBeneficiary.count({ where: page.where })]),
  );
}

/** Renames or re-points a beneficiary; emits crypto_beneficiary_updated. */
export async function updateCryptoBeneficiary(
  ctx: Ctx,
  input: { accountId: string; beneficiaryId: string; body: unknown },
): Promise<BeneficiaryDto> {
  requireWriter(ctx);
  const b = validateBody('UpdateCryptoBeneficiaryRequest', input.body);
  return inTransaction(ctx, async (tx) => {
    const current = await find(tx, ctx, input.accountId, input.beneficiaryId);
    if (b.address) checkAddress(current.network, b.address);
    const row = await tx.cryptoBeneficiary.update({ where: { id: current.id }, data: { ...b, updatedAt: ctx.clock.now() }, select });
    const beneficiary = toDto(row);
    await emitEvent(tx, ctx, { type: 'crypto_beneficiary_updated', accountId: current.accountId, details: { beneficiary } });
    return beneficiary;
  });
}

/** Removes a beneficiary; emits crypto_beneficiary_deleted with what was removed. */
export async function deleteCryptoBeneficiary(ctx: Ctx, input: { accountId: string; beneficiaryId: string }): Promise<void> {
  requireWriter(ctx);
  await ctx.db.$transaction(async (tx) => {
    const current = await find(tx, ctx, input.accountId, input.beneficiaryId);
    await tx.cryptoBeneficiary.delete({ where: { id: current.id } });
    await emitEvent(tx, ctx, {
      type: 'crypto_beneficiary_deleted',
      accountId: current.accountId,
      details: { beneficiary: toDto(current) },
    });
  });
}
