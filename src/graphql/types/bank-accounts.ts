import { listBankAccounts } from '../../core/account-resources/list-bank-accounts.js';
import type { Schemas } from '../../core/contract.js';
import { builder } from '../builder.js';
import { accountResourceListField, exposeStrings } from '../fields.js';

type Bank = Schemas['BankAccountLink'];

const BankAccount = builder.objectRef<Bank>('BankAccount').implement({
  description: 'A linked external bank account, masked: the account number shows its last 4 digits only.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The link (uuid).' }),
    accountId: t.exposeID('accountId', { description: 'The account the bank account is linked to.' }),
    holderName: t.exposeString('holderName', { description: 'The name the bank account is held in.' }),
    bankName: t.exposeString('bankName', { nullable: true, description: 'The bank, when given.' }),
    ...exposeStrings(t, {
      routingNumber: 'The ABA routing number.',
      accountNumberLast4: 'The last 4 digits of the account number (the rest is never returned).',
      accountType: 'checking or savings.',
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was linked.', resolve: (b) => b.createdAt }),
  }),
});

accountResourceListField(
  'bankAccounts',
  BankAccount,
  "An account's linked bank accounts, oldest first (same rules as GET /api/v2/accounts/{accountId}/bank-accounts).",
  listBankAccounts,
);
