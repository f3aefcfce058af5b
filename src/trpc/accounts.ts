import { createAccount } from '../core/accounts/create-account.js';
import { getAccount } from '../core/accounts/get-account.js';
import { listAccounts } from '../core/accounts/list-accounts.js';
import type { QueryOf, Schemas } from '../core/contract.js';
import { authedProcedure, router, typed } from './init.js';

export const accountsRouter = router({
  create: authedProcedure.input(typed<Schemas['CreateAccountRequest']>()).mutation(({ ctx, input }) => createAccount(ctx.core, input)),
  get: authedProcedure.input(typed<{ accountId: string }>()).query(({ ctx, input }) => getAccount(ctx.core, input ?? { accountId: '' })),
  list: authedProcedure.input(typed<QueryOf<'listAccounts'> | undefined>()).query(({ ctx, input }) => listAccounts(ctx.core, input ?? {})),
});
