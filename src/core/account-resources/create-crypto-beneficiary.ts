import { recordAudit, withheldFields } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { cryptoRoute } from '../transactions/pricing.js';
import { validateBody } from '../validation/validators.js';
import { emitEvent } from '../webhooks/events.js';
import { activeAccountFor } from './account-for-resource.js';
import { type BeneficiaryDto, beneficiarySelect, checkBeneficiaryAddress, toBeneficiaryDto } from './crypto-beneficiary-row.js';

/** Adds a withdrawal address; emits crypto_beneficiary_created. */
export async function createCryptoBeneficiary(ctx: Ctx, input: { accountId: string; body: unknown }): Promise<BeneficiaryDto> {
  requireWriter(ctx);
  const b = validateBody('CreateCryptoBeneficiaryRequest', input.body);
  cryptoRoute(b.coin, b.network);
  checkBeneficiaryAddress(b.network, b.address);
  return inTransaction(ctx, async (tx) => {
    const accountId = await activeAccountFor(tx, ctx, input.accountId);
    const now = ctx.clock.now();
    const row = await tx.cryptoBeneficiary.create({
      data: { id: ctx.ids.uuid(), workspaceId: ctx.workspaceId, accountId, ...b, createdAt: now, updatedAt: now },
      select: beneficiarySelect,
    });
    const beneficiary = toBeneficiaryDto(row);
    await emitEvent(tx, ctx, { type: 'crypto_beneficiary_created', accountId, details: { beneficiary } });
    const { coin, network, ...rest } = b;
    await recordAudit(tx, ctx, {
      action: 'crypto_beneficiary.created',
      object: { type: 'crypto_beneficiary', id: beneficiary.id },
      changes: {
        accountId: { after: accountId },
        coin: { after: coin },
        network: { after: network },
        ...withheldFields(Object.keys(rest)),
      },
    });
    return beneficiary;
  });
}
