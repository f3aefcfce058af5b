import { listBankAccounts } from '../../core/account-resources/list-bank-accounts.js';
import type { Schemas } from '../../core/contract.js';
import { builder } from '../builder.js';

type Bank = Schemas['BankAccountLink'];

const BankAccount = builder.objectRef<Bank>('BankAccount').implement({
  description: 'A linked external bank account, masked: the account number shows its last 4 digits only.',
  fields: (t) => ({
    id: t.exposeID('id'),
    accountId: t.exposeID('accountId'),
    holderName: t.exposeString('holderName'),
    bankName: t.exposeString('bankName', { nullable: true }),
    routingNumber: t.exposeString('routingNumber'),
    accountNumberLast4: t.exposeString('accountNumberLast4'),
    accountType: t.exposeString('accountType'),
    createdAt: t.field({ type: 'DateTime', resolve: (b) => b.createdAt }),
  }),
});

const BankAccountPage = builder.objectRef<{ data: Bank[]; page: number; limit: number; total: number }>('BankAccountPage').implement({
  fields: (t) => ({
    data: t.field({ type: [BankAccount], resolve: (p) => p.data }),
    page: t.exposeInt('page'),
    limit: t.exposeInt('limit'),
    total: t.exposeInt('total'),
  }),
});

builder.queryFields((t) => ({
  bankAccounts: t.field({
    type: BankAccountPage,
    description: "An account's linked bank accounts, oldest first (same rules as GET /api/v2/accounts/{accountId}/bank-accounts).",
    args: { accountId: t.arg.id({ required: true }), page: t.arg.int(), limit: t.arg.int() },
    resolve: async (_root, { accountId, ...query }, ctx) => listBankAccounts(await ctx.core(), { accountId: String(accountId), query }),
  }),
}));
