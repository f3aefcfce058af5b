import { listBankAccounts } from '../core/account-resources/list-bank-accounts.js';
import { listCryptoBeneficiaries } from '../core/account-resources/list-crypto-beneficiaries.js';
import { listCryptoWallets } from '../core/account-resources/list-crypto-wallets.js';
import { listAccountStatusHistory } from '../core/accounts/account-status-history.js';
import { createAccount } from '../core/accounts/create-account.js';
import { eraseAccount } from '../core/accounts/erase-account.js';
import { getAccount } from '../core/accounts/get-account.js';
import { listAccounts } from '../core/accounts/list-accounts.js';
import type { PathOf, QueryOf, Schemas } from '../core/contract.js';
import { router, typed } from './init.js';
import { mutation, query } from './use-case.js';

// Page input plus the account; any other key reaches the core's query validation and is rejected.
type ResourcePage = PathOf<'listCryptoWallets'> & QueryOf<'listCryptoWallets'>;
const resourcePage = (input: ResourcePage | undefined) => {
  const { accountId, ...query } = input ?? { accountId: '' };
  return { accountId, query };
};

export const accountsRouter = router({
  create: mutation(typed<Schemas['CreateAccountRequest']>(), createAccount),
  get: query(typed<PathOf<'getAccount'>>(), getAccount, { accountId: '' }),
  list: query(typed<QueryOf<'listAccounts'> | undefined>(), listAccounts, {}),
  cryptoWallets: query(typed<ResourcePage>(), (core, input) => listCryptoWallets(core, resourcePage(input))),
  cryptoBeneficiaries: query(typed<ResourcePage>(), (core, input) => listCryptoBeneficiaries(core, resourcePage(input))),
  bankAccounts: query(typed<ResourcePage>(), (core, input) => listBankAccounts(core, resourcePage(input))),
  erase: mutation(typed<PathOf<'eraseAccount'>>(), eraseAccount),
  statusHistory: query(typed<{ accountId: string }>(), listAccountStatusHistory, { accountId: '' }),
});
