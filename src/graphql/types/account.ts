import type { AccountDto } from '../../core/accounts/account-dto.js';
import { createAccount } from '../../core/accounts/create-account.js';
import { eraseAccount } from '../../core/accounts/erase-account.js';
import { getAccount } from '../../core/accounts/get-account.js';
import { listAccounts } from '../../core/accounts/list-accounts.js';
import { CONTRACT_ENUMS } from '../../core/contract.js';
import { builder } from '../builder.js';
import { cursorPageArgs, cursorPageOf, nullIfNotFound } from '../fields.js';

export const AccountType = builder.enumType('AccountType', {
  description: 'individual (KYC) or business (KYB).',
  values: CONTRACT_ENUMS.AccountType,
});
export const AccountStatus = builder.enumType('AccountStatus', {
  description: 'Where the account stands in verification; only active accounts may transact.',
  values: CONTRACT_ENUMS.AccountStatus,
});

const AccountErasure = builder.objectRef<NonNullable<AccountDto['erasure']>>('AccountErasure').implement({
  description: "When the holder's personal data was erased (eraseAccount), and what kinds of it.",
  fields: (t) => ({
    erasedAt: t.field({ type: 'DateTime', description: 'When it was erased.', resolve: (e) => e.erasedAt }),
    erased: t.exposeStringList('erased', {
      description: 'What was destroyed: email, verification, business, documents, signature, bankAccounts.',
    }),
  }),
});

export const Account = builder.objectRef<AccountDto>('Account').implement({
  description: 'A customer account of your workspace (Account in openapi.yaml).',
  fields: (t) => ({
    accountId: t.exposeID('accountId', { description: 'The account (uuid).' }),
    type: t.field({ type: AccountType, description: 'individual or business.', resolve: (a) => a.type }),
    email: t.exposeString('email', {
      nullable: true,
      description: "The account holder's email address; null once erased (see `erasure`).",
    }),
    erasure: t.field({
      type: AccountErasure,
      nullable: true,
      description: "Set once the holder's personal data was erased; null before.",
      resolve: (a) => a.erasure ?? null,
    }),
    reference: t.exposeString('reference', { nullable: true, description: "The client's own reference, if one was given." }),
    status: t.field({ type: AccountStatus, description: 'The current account status.', resolve: (a) => a.status }),
    createdAt: t.field({ type: 'DateTime', description: 'When the account was created.', resolve: (a) => a.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When the account last changed.', resolve: (a) => a.updatedAt }),
  }),
});

const AccountPage = cursorPageOf('AccountPage', Account);

const CreateAccountInput = builder.inputType('CreateAccountInput', {
  description: 'A new account (the body of POST /api/v2/accounts).',
  fields: (t) => ({
    type: t.field({ type: AccountType, required: true, description: 'individual or business.' }),
    email: t.string({ required: true, description: "The account holder's email address." }),
    reference: t.string({ description: 'Your own reference for the account (optional).' }),
  }),
});

builder.queryFields((t) => ({
  account: t.field({
    type: Account,
    nullable: true,
    description: 'An account of your workspace; null when there is none with this id.',
    args: { accountId: t.arg.id({ required: true, description: 'The account (uuid).' }) },
    resolve: (_root, args, ctx) => nullIfNotFound(async () => getAccount(await ctx.core(), { accountId: String(args.accountId) })),
  }),
  accounts: t.field({
    type: AccountPage,
    description: 'Accounts of your workspace, newest first (same rules as GET /api/v2/accounts).',
    args: {
      ...cursorPageArgs(t.arg),
      status: t.arg({ type: AccountStatus, description: 'Only accounts in this status.' }),
      search: t.arg.string({ description: 'A case-insensitive piece of the email or reference, or an exact account id.' }),
    },
    resolve: async (_root, args, ctx) => listAccounts(await ctx.core(), args),
  }),
}));

builder.mutationFields((t) => ({
  eraseAccount: t.field({
    type: Account,
    description:
      "Erases the account holder's personal data for good (as POST /api/v2/accounts/{accountId}/erasure): admins only; idempotent.",
    args: { accountId: t.arg.id({ required: true, description: 'The account (uuid).' }) },
    resolve: async (_root, args, ctx) => eraseAccount(await ctx.core(), { accountId: String(args.accountId) }),
  }),
  createAccount: t.field({
    type: Account,
    description: 'Creates an account in status pending (as POST /api/v2/accounts).',
    args: { input: t.arg({ type: CreateAccountInput, required: true, description: 'The new account.' }) },
    resolve: async (_root, args, ctx) => {
      const { reference, ...rest } = args.input;
      return createAccount(await ctx.core(), reference == null ? rest : { ...rest, reference });
    },
  }),
}));
