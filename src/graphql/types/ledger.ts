import type { AccountDto } from '../../core/accounts/account-dto.js';
import { CONTRACT_ENUMS } from '../../core/contract.js';
import { CONTRACT_PROPERTY_ENUMS } from '../../core/generated/contract-facts.js';
import { balancesOf } from '../../core/ledger/account-balances.js';
import type { BalanceDto, EntryBalanceDto } from '../../core/ledger/balance-dto.js';
import type { LedgerEntryDto } from '../../core/ledger/entry-dto.js';
import { getAccountBalances } from '../../core/ledger/get-account-balances.js';
import { type BalanceTotalDto, getBalanceTotals } from '../../core/ledger/get-balance-totals.js';
import { listAccountEntries } from '../../core/ledger/list-account-entries.js';
import { listTransactionEntries } from '../../core/ledger/list-transaction-entries.js';
import { builder, loaderFor } from '../builder.js';
import { exposeStrings, nullIfNotFound, pageArgs, pageOf } from '../fields.js';
import { AGGREGATE } from '../limits.js';
import { Account } from './account.js';

const BALANCE_FIELDS = {
  posted: 'Settled money.',
  pending: 'The balance once everything pending settles: posted + pendingIncoming - pendingOutgoing.',
  available: 'What may be spent now: posted - pendingOutgoing.',
} as const;
const PENDING_FIELDS = {
  pendingIncoming: 'Money on its way in (deposits, what a trade buys) until it completes.',
  pendingOutgoing: 'Money held for payments not yet settled (withdrawals, what a trade spends).',
} as const;

const Balance = builder.objectRef<BalanceDto>('Balance').implement({
  description: "An account's balance in one currency (Balance in openapi.yaml); decimals are strings.",
  fields: (t) => ({ ...exposeStrings(t, { currency: 'The currency.', ...BALANCE_FIELDS, ...PENDING_FIELDS }) }),
});

const AccountBalances = builder.objectRef<{ accountId: string; data: BalanceDto[] }>('AccountBalances').implement({
  description: "An account's balances, by currency (AccountBalances in openapi.yaml).",
  fields: (t) => ({
    accountId: t.exposeID('accountId', { description: 'The account (uuid).' }),
    data: t.field({ type: [Balance], description: 'One balance per currency the account has held.', resolve: (b) => b.data }),
  }),
});

const LedgerEntryType = builder.enumType('LedgerEntryType', {
  description: 'hold, release, settle or post (docs/api.md "Balances").',
  values: CONTRACT_ENUMS.LedgerEntryType,
});
const LedgerAccount = builder.enumType('LedgerAccount', {
  description: "customer (the account itself), or the workspace's clearing, fees or trading_desk ledger account.",
  values: CONTRACT_PROPERTY_ENUMS.LedgerLine.ledgerAccount,
});
const LedgerDirection = builder.enumType('LedgerDirection', {
  description: 'debit or credit.',
  values: CONTRACT_PROPERTY_ENUMS.LedgerLine.direction,
});

const LedgerLine = builder.objectRef<LedgerEntryDto['lines'][number]>('LedgerLine').implement({
  description: 'One side of a ledger entry (LedgerLine in openapi.yaml).',
  fields: (t) => ({
    ledgerAccount: t.field({ type: LedgerAccount, description: 'Which ledger account.', resolve: (l) => l.ledgerAccount }),
    direction: t.field({ type: LedgerDirection, description: 'debit or credit.', resolve: (l) => l.direction }),
    amount: t.exposeString('amount', { description: 'Positive, at the currency scale.' }),
  }),
});

const EntryBalance = builder.objectRef<EntryBalanceDto>('EntryBalance').implement({
  description: "The account's balance in the entry's currency right after the entry.",
  fields: (t) => ({ ...exposeStrings(t, BALANCE_FIELDS) }),
});

const LedgerEntry = builder.objectRef<LedgerEntryDto>('LedgerEntry').implement({
  description: 'A balanced ledger entry in one currency (LedgerEntry in openapi.yaml), never changed once written.',
  fields: (t) => ({
    entryId: t.exposeID('entryId', { description: 'Increasing in the order entries were written.' }),
    transactionId: t.id({
      nullable: true,
      description: 'The transaction that caused it; null for an opening balance.',
      resolve: (e) => e.transactionId,
    }),
    accountId: t.exposeID('accountId', { description: 'The account.' }),
    currency: t.exposeString('currency', { description: 'The currency of every line.' }),
    type: t.field({ type: LedgerEntryType, description: 'How it moves the balance.', resolve: (e) => e.type }),
    status: t.string({
      nullable: true,
      description: 'The status the transaction moved to (pending at creation).',
      resolve: (e) => e.status,
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was written.', resolve: (e) => e.createdAt }),
    lines: t.field({ type: [LedgerLine], description: 'Its debits and credits, which balance.', resolve: (e) => e.lines }),
    balance: t.field({ type: EntryBalance, description: 'The running balance after it.', resolve: (e) => e.balance }),
  }),
});

const LedgerEntryPage = pageOf('LedgerEntryPage', LedgerEntry);

const TransactionEntries = builder.objectRef<{ transactionId: string; data: LedgerEntryDto[] }>('TransactionEntries').implement({
  description: "A transaction's ledger entries, oldest first (TransactionEntries in openapi.yaml).",
  fields: (t) => ({
    transactionId: t.exposeID('transactionId', { description: 'The transaction (uuid).' }),
    data: t.field({ type: [LedgerEntry], description: 'The entries, oldest first.', resolve: (e) => e.data }),
  }),
});

const BalanceTotal = builder.objectRef<BalanceTotalDto>('BalanceTotal').implement({
  description: "The workspace's balances in one currency, summed over its accounts (never across currencies).",
  fields: (t) => ({
    currency: t.exposeString('currency', { description: 'The currency.' }),
    accounts: t.exposeInt('accounts', { description: 'Accounts with a balance in it.' }),
    ...exposeStrings(t, { ...BALANCE_FIELDS, ...PENDING_FIELDS }),
  }),
});

builder.objectField(Account, 'balances', (t) =>
  t.field({
    type: [Balance],
    description: 'The balance in each currency the account has held, by currency. Batched: one query per request.',
    resolve: (account: AccountDto, _args, ctx) =>
      account.balances ??
      loaderFor<string, BalanceDto[]>(ctx, 'balances', async (core, ids) => {
        const found = await balancesOf(core, ids);
        return ids.map((id) => found.get(id) ?? []);
      })
        .load(account.accountId)
        .then((b) => b ?? []),
  }),
);

builder.queryFields((t) => ({
  accountBalances: t.field({
    type: AccountBalances,
    nullable: true,
    description: "An account's balances (as GET /api/v2/accounts/{accountId}/balances); null when there is no such account.",
    args: { accountId: t.arg.id({ required: true, description: 'The account (uuid).' }) },
    resolve: (_root, args, ctx) => nullIfNotFound(async () => getAccountBalances(await ctx.core(), { accountId: String(args.accountId) })),
  }),
  accountEntries: t.field({
    type: LedgerEntryPage,
    nullable: true,
    description: "An account's statement, newest first, with running balances (as GET /api/v2/accounts/{accountId}/entries).",
    args: {
      accountId: t.arg.id({ required: true, description: 'The account (uuid).' }),
      currency: t.arg.string({ description: 'Only this currency (any case).' }),
      startDate: t.arg.string({ description: 'Written at or after (a date alone: 00:00 UTC).' }),
      endDate: t.arg.string({ description: 'Written at or before (a date alone: the whole UTC day).' }),
      ...pageArgs(t.arg),
    },
    resolve: (_root, { accountId, ...query }, ctx) =>
      nullIfNotFound(async () => listAccountEntries(await ctx.core(), { accountId: String(accountId), query })),
  }),
  transactionEntries: t.field({
    type: TransactionEntries,
    nullable: true,
    description:
      "A transaction's ledger entries (as GET /api/v2/transactions/{transactionId}/entries); null when there is no such transaction.",
    args: { transactionId: t.arg.id({ required: true, description: 'The transaction (uuid).' }) },
    resolve: (_root, args, ctx) =>
      nullIfNotFound(async () => listTransactionEntries(await ctx.core(), { transactionId: String(args.transactionId) })),
  }),
  balanceTotals: t.field({
    type: [BalanceTotal],
    extensions: AGGREGATE,
    description: "The workspace's balances per currency, summed over its accounts.",
    resolve: async (_root, _args, ctx) => getBalanceTotals(await ctx.core()),
  }),
}));
