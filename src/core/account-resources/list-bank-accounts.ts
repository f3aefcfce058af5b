import type { Ctx } from '../context.js';
import type { Page } from '../pagination.js';
import { listOfAccount } from './account-for-resource.js';
import { type BankAccountDto, bankAccountSelect, toBankAccountDto } from './bank-account-dto.js';

/** An account's linked bank accounts, oldest first, masked (see `listOfAccount`). */
export function listBankAccounts(ctx: Ctx, input: { accountId: string; query?: unknown }): Promise<Page<BankAccountDto>> {
  return listOfAccount(ctx, input, 'listBankAccounts', toBankAccountDto, (page) =>
    Promise.all([
      ctx.db.bankAccountLink.findMany({ ...page, select: bankAccountSelect }),
      ctx.db.bankAccountLink.count({ where: page.where }),
    ]),
  );
}
