import { listCryptoBeneficiaries } from '../core/account-resources/crypto-beneficiaries.js';
import { listCryptoWallets } from '../core/account-resources/crypto-wallets.js';
import { listBankAccounts } from '../core/account-resources/list-bank-accounts.js';
import { listAccountStatusHistory } from '../core/accounts/account-status-history.js';
import { createAccount } from '../core/accounts/create-account.js';
import { getAccount } from '../core/accounts/get-account.js';
import { listAccounts } from '../core/accounts/list-accounts.js';
import type { PathOf, QueryOf, Schemas } from '../core/contract.js';
import { authedProcedure, router, typed } from './init.js';

// Page input plus the account; any other key reaches the core's query validation and is rejected.
type ResourcePage = PathOf<'listCryptoWallets'> & QueryOf<'listCryptoWallets'>;
const resourcePage = (input: ResourcePage | undefined) => {
  const { accountId, ...query } = input ?? { accountId: '' };
  return { accountId, query };
};

export const accountsRouter = router({
  create: authedProcedure.input(typed<Schemas['CreateAccountRequest']>()).mutation(({ ctx, input }) => createAccount(ctx.core, input)),
  get: authedProcedure.input(typed<PathOf<'getAccount'>>()).query(({ ctx, input }) => getAccount(ctx.core, input ?? { accountId: '' })),
  list: authedProcedure.input(typed<QueryOf<'listAccounts'> | undefined>()).query(({ ctx, input }) => listAccounts(ctx.core, input ?? {})),
  cryptoWallets: authedProcedure.input(typed<ResourcePage>()).query(({ ctx, input }) => listCryptoWallets(ctx.core, resourcePage(input))),
  cryptoBeneficiaries: authedProcedure
    .input(typed<ResourcePage>())
    .query(({ ctx, input }) => listCryptoBeneficiaries(ctx.core, resourcePage(input))),
  bankAccounts: authedProcedure.input(typed<ResourcePage>()).query(({ ctx, input }) => listBankAccounts(ctx.core, resourcePage(input))),
  statusHistory: authedProcedure
    .input(typed<{ accountId: string }>())
    .query(({ ctx, input }) => listAccountStatusHistory(ctx.core, input ?? { accountId: '' })),
});
