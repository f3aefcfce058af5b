import { listBankAccounts } from '../../core/account-resources/list-bank-accounts.js';
import type { Schemas } from '../../core/contract.js';
import { builder } from '../builder.js';
import { accountResourceListField, exposeStrings } from '../fields.js';

type Bank = Schemas['BankAccountLink'];

const BankAccount = builder.objectRef<Bank>('BankAccount').implement({
  description: 'A linked external bank account, masked: the account number shows its last 4 digits only.',
  fields: (t) => ({
    id: t.exposeID('id'),
    accountId: t.exposeID('accountId'),
    holderName: t.exposeString('holderName'),
    bankName: t.exposeString('bankName', { nullable: true }),
    ...exposeStrings(t, 'routingNumber', 'accountNumberLast4', 'accountType'),
    createdAt: t.field({ type: 'DateTime', resolve: (b) => b.createdAt }),
  }),
});

accountResourceListField(
  'bankAccounts',
  BankAccount,
  "An account's linked bank accounts, oldest first (same rules as GET /api/v2/accounts/{accountId}/bank-accounts).",
  listBankAccounts,
);
