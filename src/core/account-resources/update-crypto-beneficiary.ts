import { recordAudit, withheldFields } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { validateBody } from '../validation/validators.js';
import { emitEvent } from '../webhooks/events.js';
import {
  type BeneficiaryDto,
  beneficiarySelect,
  checkBeneficiaryAddress,
  findBeneficiary,
  toBeneficiaryDto,
} from './crypto-beneficiary-row.js';

/** Renames or re-points a beneficiary; emits crypto_beneficiary_updated. */
export async function updateCryptoBeneficiary(
  ctx: Ctx,
  input: { accountId: string; beneficiaryId: string; body: unknown },
): Promise<BeneficiaryDto> {
  requireWriter(ctx);
  const b = validateBody('UpdateCryptoBeneficiaryRequest', input.body);
  return inTransaction(ctx, async (tx) => {
    const current = await findBeneficiary(tx, ctx, input.accountId, input.beneficiaryId);
    if (b.address) checkBeneficiaryAddress(current.network, b.address);
    const row = await tx.cryptoBeneficiary.update({
      where: { workspaceId_id: { workspaceId: ctx.workspaceId, id: current.id } },
      data: { ...b, updatedAt: ctx.clock.now() },
      select: beneficiarySelect,
    });
    const beneficiary = toBeneficiaryDto(row);
    await emitEvent(tx, ctx, { type: 'crypto_beneficiary_updated', accountId: current.accountId, details: { beneficiary } });
    await recordAudit(tx, ctx, {
      action: 'crypto_beneficiary.updated',
      object: { type: 'crypto_beneficiary', id: current.id },
      changes: withheldFields(Object.keys(b), 'both'),
    });
    return beneficiary;
  });
}
