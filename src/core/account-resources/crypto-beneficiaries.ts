import type { Prisma } from '../../db/generated/prisma/client.js';
import { requireWriter } from '../auth/authorize.js';
import { columns, withIsoDates } from '../columns.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { notFound, validationError } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { type Page, skipTake } from '../pagination.js';
import { addressValid } from '../transactions/catalog.js';
import { cryptoRoute } from '../transactions/pricing.js';
import { assertUuid } from '../validation/uuid.js';
import { validateBody, validateQuery } from '../validation/validators.js';
import { emitEvent } from '../webhooks/events.js';
import { activeAccountFor } from './account-for-resource.js';

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

/** Oldest first, paginated like every list (`page`, `limit`); unknown query parameters are rejected. */
export async function listCryptoBeneficiaries(ctx: Ctx, input: { accountId: string; query?: unknown }): Promise<Page<BeneficiaryDto>> {
  const accountId = assertUuid('accountId', input.accountId);
  const q = validateQuery('listCryptoBeneficiaries', input.query);
  if (!(await ctx.db.account.findFirst({ where: { id: accountId, workspaceId: ctx.workspaceId }, select: { id: true } })))
    throw notFound('account');
  const where = { accountId, workspaceId: ctx.workspaceId };
  const [rows, total] = await Promise.all([
    ctx.db.cryptoBeneficiary.findMany({ where, select, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...skipTake(q) }),
    ctx.db.cryptoBeneficiary.count({ where }),
  ]);
  return { data: rows.map(toDto), page: q.page, limit: q.limit, total };
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
