import type { Ctx } from '../context.js';
import type { Page } from '../pagination.js';
import { listOfAccount } from './account-for-resource.js';
import { type BeneficiaryDto, beneficiarySelect, toBeneficiaryDto } from './crypto-beneficiary-row.js';

/** An account's withdrawal beneficiaries, oldest first (see `listOfAccount`). */
export function listCryptoBeneficiaries(ctx: Ctx, input: { accountId: string; query?: unknown }): Promise<Page<BeneficiaryDto>> {
  return listOfAccount(ctx, input, 'listCryptoBeneficiaries', toBeneficiaryDto, (page) =>
    Promise.all([
      ctx.db.cryptoBeneficiary.findMany({ ...page, select: beneficiarySelect }),
      ctx.db.cryptoBeneficiary.count({ where: page.where }),
    ]),
  );
}
