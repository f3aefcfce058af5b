import type { AccountDto } from '../../core/accounts/account-dto.js';
import { createAccount } from '../../core/accounts/create-account.js';
import { getAccount } from '../../core/accounts/get-account.js';
import { listAccounts } from '../../core/accounts/list-accounts.js';
import { CONTRACT_ENUMS } from '../../core/contract.js';
import { builder } from '../builder.js';
import { nullIfNotFound, pageOf } from '../fields.js';

export const AccountType = builder.enumType('AccountType', { values: CONTRACT_ENUMS.AccountType });
export const AccountStatus = builder.enumType('AccountStatus', { values: CONTRACT_ENUMS.AccountStatus });

export const Account = builder.objectRef<AccountDto>('Account').implement({
  fields: (t) => ({
    accountId: t.exposeID('accountId'),
    type: t.field({ type: AccountType, resolve: (a) => a.type }),
    email: t.exposeString('email'),
    reference: t.exposeString('reference', { nullable: true }),
    status: t.field({ type: AccountStatus, resolve: (a) => a.status }),
    createdAt: t.field({ type: 'DateTime', resolve: (a) => a.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (a) => a.updatedAt }),
  }),
});

const AccountPage = pageOf('AccountPage', Account);

const CreateAccountInput = builder.inputType('CreateAccountInput', {
  fields: (t) => ({
    type: t.field({ type: AccountType, required: true }),
    email: t.string({ required: true }),
    reference: t.string(),
  }),
});

builder.queryFields((t) => ({
  account: t.field({
    type: Account,
    nullable: true,
    description: 'An account of your workspace; null when there is none with this id.',
    args: { accountId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => nullIfNotFound(async () => getAccount(await ctx.core(), { accountId: String(args.accountId) })),
  }),
  accounts: t.field({
    type: AccountPage,
    description: 'Accounts of your workspace, newest first (same rules as GET /api/v2/accounts).',
    args: {
      page: t.arg.int(),
      limit: t.arg.int(),
      status: t.arg({ type: AccountStatus }),
      search: t.arg.string(),
    },
    resolve: async (_root, args, ctx) => listAccounts(await ctx.core(), args),
  }),
}));

builder.mutationFields((t) => ({
  createAccount: t.field({
    type: Account,
    args: { input: t.arg({ type: CreateAccountInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { reference, ...rest } = args.input;
      return createAccount(await ctx.core(), reference == null ? rest : { ...rest, reference });
    },
  }),
}));
