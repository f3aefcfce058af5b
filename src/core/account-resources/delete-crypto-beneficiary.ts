import { recordAudit } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { emitEvent } from '../webhooks/events.js';
import { findBeneficiary, toBeneficiaryDto } from './crypto-beneficiary-row.js';

/** Removes a beneficiary; emits crypto_beneficiary_deleted with what was removed. */
export async function deleteCryptoBeneficiary(ctx: Ctx, input: { accountId: string; beneficiaryId: string }): Promise<void> {
  requireWriter(ctx);
  await ctx.db.$transaction(async (tx) => {
    const current = await findBeneficiary(tx, ctx, input.accountId, input.beneficiaryId);
    await tx.cryptoBeneficiary.delete({ where: { workspaceId_id: { workspaceId: ctx.workspaceId, id: current.id } } });
    await emitEvent(tx, ctx, {
      type: 'crypto_beneficiary_deleted',
      accountId: current.accountId,
      details: { beneficiary: toBeneficiaryDto(current) },
    });
    await recordAudit(tx, ctx, {
      action: 'crypto_beneficiary.deleted',
      object: { type: 'crypto_beneficiary', id: current.id },
      changes: { accountId: { before: current.accountId } },
    });
  });
}
