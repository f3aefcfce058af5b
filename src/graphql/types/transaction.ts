import type { AccountDto } from '../../core/accounts/account-dto.js';
import { getAccounts } from '../../core/accounts/get-accounts.js';
import { CONTRACT_ENUMS, type Schemas } from '../../core/contract.js';
import { AppError } from '../../core/errors.js';
import { CONTRACT_PROPERTY_ENUMS } from '../../core/generated/contract-facts.js';
import { getTransaction } from '../../core/transactions/get-transaction.js';
import { listTransactions } from '../../core/transactions/list-transactions.js';
import { BANK_OPTIONAL, CRYPTO_OPTIONAL } from '../../core/transactions/transaction-columns.js';
import type { TransactionDto } from '../../core/transactions/transaction-row.js';
import { type STATS_GROUPS, transactionStats } from '../../core/transactions/transaction-stats.js';
import { builder, loaderFor } from '../builder.js';
import { cursorPageArgs, cursorPageOf, exposeNullableStrings, exposeStrings, nullIfNotFound } from '../fields.js';
import { AGGREGATE } from '../limits.js';
import { Account } from './account.js';

const TransactionType = builder.enumType('TransactionType', {
  description: 'bank, crypto or trade.',
  values: CONTRACT_ENUMS.TransactionType,
});
const TransactionStatus = builder.enumType('TransactionStatus', {
  description: 'Where a transaction stands; returned is for bank transactions only.',
  values: CONTRACT_ENUMS.TransactionStatus,
});

const TransactionDirection = builder.enumType('TransactionDirection', {
  description: 'Which way money moves for the account.',
  values: CONTRACT_ENUMS.TransactionDirection,
});

/** The optional bank and crypto detail fields (columns of their own), described once. */
const OPTIONAL_DETAILS: Record<(typeof BANK_OPTIONAL)[number] | (typeof CRYPTO_OPTIONAL)[number], string> = {
  imad: 'Fedwire IMAD (international money transfer id), when there is one.',
  originatorName: 'The originator; for inbound credits through an intermediary, the intermediary only.',
  senderAccountNumber: "The sender's account number.",
  senderRoutingNumber: "The sender's routing number.",
  senderSwiftCode: "The sender's bank SWIFT/BIC code.",
  senderIban: "The sender's IBAN.",
  senderBankName: "The sender's bank.",
  beneficiaryAccountNumber: "The beneficiary's account number.",
  beneficiaryRoutingNumber: "The beneficiary's routing number.",
  beneficiarySwiftCode: "The beneficiary's bank SWIFT/BIC code.",
  beneficiaryIban: "The beneficiary's IBAN.",
  beneficiaryBankName: "The beneficiary's bank.",
  beneficiaryName: 'The beneficiary.',
  traceNumber: 'ACH trace number (the ACH counterpart of an IMAD).',
  networkFee: "The network's own fee, in the coin.",
  targetAddress: 'The wallet address sent to.',
  txHash: 'The blockchain transaction hash.',
};

type Bank = Schemas['BankTransactionDetails'];
type Crypto = Schemas['CryptoTransactionDetails'];
type Trade = Schemas['TradeTransactionDetails'];
type History = TransactionDto['statusHistory'][number];

const BankDetails = builder.objectRef<Bank>('BankTransactionDetails').implement({
  description: 'Details of a bank transaction (BankTransactionDetails in openapi.yaml); decimals are strings.',
  fields: (t) => ({
    ...exposeStrings(t, {
      type: 'deposit or withdrawal.',
      coin: 'The currency (for example USD).',
      amount: 'The amount, a decimal string in the currency.',
      fee: 'The fee, in the same currency.',
      total: 'amount + fee.',
      instrumentType: 'ach, wire or swift.',
      transactionReference: "The bank's reference number.",
    }),
    ...Object.fromEntries(
      BANK_OPTIONAL.map((name) => [
        name,
        t.string({ nullable: true, description: OPTIONAL_DETAILS[name], resolve: (d) => d[name] ?? null }),
      ]),
    ),
    addenda: t.stringList({
      description: "ACH addenda records; for inbound credits through intermediaries the actual sender's name is here.",
      resolve: (d) => d.addenda ?? [],
    }),
  }),
});

const CryptoDetails = builder.objectRef<Crypto>('CryptoTransactionDetails').implement({
  description: 'Details of a crypto transaction (CryptoTransactionDetails in openapi.yaml); decimals are strings.',
  fields: (t) => ({
    ...exposeStrings(t, {
      type: 'deposit or withdraw.',
      coin: 'The coin (for example ETH).',
      network: 'The blockchain network.',
      amount: 'The amount, a decimal string in the coin.',
      fee: 'The fee, in the coin.',
      total: 'amount + fee.',
    }),
    ...Object.fromEntries(
      CRYPTO_OPTIONAL.map((name) => [
        name,
        t.string({ nullable: true, description: OPTIONAL_DETAILS[name], resolve: (d) => d[name] ?? null }),
      ]),
    ),
  }),
});

const TradeDetails = builder.objectRef<Trade>('TradeTransactionDetails').implement({
  description: 'Details of a trade (TradeTransactionDetails in openapi.yaml); decimals are strings.',
  fields: (t) => ({
    ...exposeStrings(t, {
      type: 'The order type (market).',
      product: 'The trading pair, BASE-QUOTE (for example BTC-USD).',
      side: 'buy or sell (of the base currency).',
      quantity: 'Quantity of the base currency.',
      quantityCurrency: 'The base currency.',
      fee: 'The trade fee, in the fee currency.',
      feeCurrency: 'The fee currency (the quote currency).',
      quoteQuantity: 'Quantity of the quote currency (quantity x rate).',
      quoteCurrency: 'The quote currency.',
      rate: 'Price of one base unit in the quote currency.',
    }),
  }),
});

const StatusActorKind = builder.enumType('StatusActorKind', {
  description: 'api_key, person (a workspace member) or system (the CLI, the worker).',
  values: CONTRACT_PROPERTY_ENUMS.StatusActor.kind,
});

const StatusActor = builder.objectRef<NonNullable<History['actor']>>('StatusActor').implement({
  description: 'Who made a status change (StatusActor in openapi.yaml).',
  fields: (t) => ({
    kind: t.field({ type: StatusActorKind, description: 'Which kind of actor.', resolve: (a) => a.kind }),
    apiKeyId: t.id({ nullable: true, description: 'api_key: the key (null when not recorded).', resolve: (a) => a.apiKeyId ?? null }),
    apiKeyName: t.string({ nullable: true, description: "api_key: the key's name at the time.", resolve: (a) => a.apiKeyName ?? null }),
    adminId: t.id({ nullable: true, description: 'person: the workspace member.', resolve: (a) => a.adminId ?? null }),
    email: t.string({ nullable: true, description: 'person: their email.', resolve: (a) => a.email ?? null }),
    role: t.string({ nullable: true, description: 'person: admin or analyst, at the time.', resolve: (a) => a.role ?? null }),
  }),
});

const StatusHistoryEntry = builder.objectRef<History>('StatusHistoryEntry').implement({
  description: 'One status a transaction had, with why, when and who set it.',
  fields: (t) => ({
    status: t.field({ type: TransactionStatus, description: 'The status.', resolve: (h) => h.status }),
    statusReason: t.exposeString('statusReason', { description: 'Why it took that status.' }),
    date: t.field({ type: 'DateTime', description: 'When.', resolve: (h) => h.date }),
    actor: t.field({
      type: StatusActor,
      nullable: true,
      description: 'Who set it; null when not recorded (changes before 2026-12-11).',
      resolve: (h) => h.actor,
    }),
  }),
});

const Audit = builder.objectRef<TransactionDto['audit']>('TransactionAudit').implement({
  description: 'Who created the transaction: an admin of the workspace, or an API key.',
  fields: (t) => ({
    adminId: t.id({ nullable: true, description: 'The admin who created it, if one did.', resolve: (a) => a.adminId ?? null }),
    admin: t.string({ nullable: true, description: "That admin's email.", resolve: (a) => a.admin ?? null }),
    apiKey: t.exposeBoolean('apiKey', { description: 'True when it was created with an API key.' }),
  }),
});

const Transaction = builder.objectRef<TransactionDto>('Transaction').implement({
  description: 'A transaction (Transaction in openapi.yaml). Exactly one details field is non-null, the one of transactionType.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The transaction (uuid).' }),
    reference: t.exposeString('reference', { description: "The client's reference." }),
    accountId: t.exposeID('accountId', { description: 'The owning account.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was created.', resolve: (x) => x.createdAt }),
    transactionType: t.field({ type: TransactionType, description: 'bank, crypto or trade.', resolve: (x) => x.transactionType }),
    direction: t.field({
      type: TransactionDirection,
      description: 'in (a deposit), out (a withdrawal) or exchange (a trade).',
      resolve: (x) => x.direction,
    }),
    coins: t.exposeStringList('coins', { description: 'The currencies involved: [coin] for bank and crypto, [base, quote] for a trade.' }),
    status: t.field({ type: TransactionStatus, description: 'The current status.', resolve: (x) => x.status }),
    statusReason: t.exposeString('statusReason', { description: 'Why it has the current status.' }),
    statusHistory: t.field({
      type: [StatusHistoryEntry],
      description: 'Every status it had, newest first.',
      resolve: (x) => x.statusHistory,
    }),
    accountEmail: t.string({
      nullable: true,
      description: "The owning account's email; null once the holder's data is erased.",
      resolve: (x) => x.account.email,
    }),
    account: t.field({
      type: Account,
      description: 'The owning account. Batched: one query per request, whatever the page size.',
      resolve: async (x, _args, ctx) => {
        const account = await loaderFor<string, AccountDto>(ctx, 'account', async (core, ids) => {
          const found = await getAccounts(core, ids);
          return ids.map((id) => found.get(id) ?? null);
        }).load(x.accountId);
        if (!account) throw new AppError('NOT_FOUND', 'account not found');
        return account;
      },
    }),
    audit: t.field({ type: Audit, description: 'Who created it.', resolve: (x) => x.audit }),
    bankTransactionDetails: t.field({
      type: BankDetails,
      nullable: true,
      description: 'Present for bank transactions.',
      resolve: (x) => ('bankTransactionDetails' in x ? x.bankTransactionDetails : null),
    }),
    cryptoTransactionDetails: t.field({
      type: CryptoDetails,
      nullable: true,
      description: 'Present for crypto transactions.',
      resolve: (x) => ('cryptoTransactionDetails' in x ? x.cryptoTransactionDetails : null),
    }),
    tradeTransactionDetails: t.field({
      type: TradeDetails,
      nullable: true,
      description: 'Present for trades.',
      resolve: (x) => ('tradeTransactionDetails' in x ? x.tradeTransactionDetails : null),
    }),
  }),
});

const TransactionPage = cursorPageOf('TransactionPage', Transaction);

const TransactionFilter = builder.inputType('TransactionFilter', {
  description: 'The filters of GET /api/v2/transactions, with the same rules (dates: RFC 3339, YYYY-MM-DDThh:mm:ss or YYYY-MM-DD).',
  fields: (t) => ({
    search: t.string({
      description:
        'Words that start consecutive words of one text field (reference, names, addenda line, email...), in order, or the start of an id, tx hash or address (3 to 255 characters).',
    }),
    accountId: t.id({ description: 'Only this account.' }),
    transactionType: t.field({ type: TransactionType, description: 'Only this type.' }),
    status: t.field({ type: TransactionStatus, description: 'Only this status.' }),
    startDate: t.string({ description: 'Created at or after (a date alone: 00:00 UTC).' }),
    endDate: t.string({ description: 'Created at or before (a date alone: the whole UTC day).' }),
    coin: t.string({ description: 'Involving this coin (any case).' }),
  }),
});

const StatsGroup = builder.enumType('TransactionStatsGroup', {
  description: 'A dimension transactionStats groups by.',
  values: {
    COIN: {
      description:
        "The currency each figure is in: a trade's quantity under its base currency, its fee and total under its quote currency. Needed for sums.",
    },
    TYPE: { description: 'The transaction type.' },
    STATUS: { description: 'The current status.' },
    DAY: { description: 'The UTC day of creation, YYYY-MM-DD.' },
    MONTH: { description: 'The UTC month of creation, YYYY-MM.' },
  } satisfies Record<(typeof STATS_GROUPS)[number], { description: string }>,
});

const StatsRow = builder.objectRef<Awaited<ReturnType<typeof transactionStats>>[number]>('TransactionStatsRow').implement({
  description:
    'One group: its keys (null for dimensions not grouped by), its count, and, when grouped by COIN, exact decimal sums in that currency.',
  fields: (t) => ({
    ...exposeNullableStrings(t, {
      coin: 'The currency, when grouped by COIN.',
      transactionType: 'The type, when grouped by TYPE.',
      status: 'The status, when grouped by STATUS.',
      day: 'The UTC day YYYY-MM-DD, when grouped by DAY.',
      month: 'The UTC month YYYY-MM, when grouped by MONTH.',
    }),
    count: t.exposeInt('count', {
      description: "Transactions in the group; with COIN, each counted once under its primary coin (a trade's base currency).",
    }),
    ...exposeNullableStrings(t, {
      amount: "Sum of amounts in this currency (a trade's quantity in its base currency); null unless grouped by COIN.",
      fee: "Sum of fees in this currency (a trade's fee in its quote currency); null unless grouped by COIN.",
      total: "Sum of totals in this currency (a trade's total in its quote currency); null unless grouped by COIN.",
    }),
  }),
});

/** GraphQL drops absent arguments; nulls from variables mean "not given" too. */
function defined(obj: Record<string, unknown> | null | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj ?? {}).filter(([, v]) => v !== null && v !== undefined));
}

builder.queryFields((t) => ({
  transaction: t.field({
    type: Transaction,
    nullable: true,
    description: 'A transaction of your workspace; null when there is none with this id.',
    args: { id: t.arg.id({ required: true, description: 'The transaction (uuid).' }) },
    resolve: (_root, args, ctx) => nullIfNotFound(async () => getTransaction(await ctx.core(), { transactionId: String(args.id) })),
  }),
  transactions: t.field({
    type: TransactionPage,
    description: 'Transactions of your workspace, newest first (same rules as GET /api/v2/transactions).',
    args: { filter: t.arg({ type: TransactionFilter, description: 'Filters, combined with AND.' }), ...cursorPageArgs(t.arg) },
    resolve: async (_root, args, ctx) =>
      listTransactions(await ctx.core(), {
        ...defined(args.filter),
        ...defined({ page: args.page, limit: args.limit, after: args.after }),
      }),
  }),
  transactionStats: t.field({
    type: [StatsRow],
    extensions: AGGREGATE,
    description:
      'Counts grouped as asked over the same filters as the list, computed in SQL; with COIN among the groups also the sums of amount, fee and total per currency (two currencies are never added).',
    args: {
      filter: t.arg({ type: TransactionFilter, description: 'Filters, combined with AND.' }),
      groupBy: t.arg({ type: [StatsGroup], required: true, description: 'The dimensions to group by; [] for one row over all.' }),
    },
    resolve: async (_root, args, ctx) => transactionStats(await ctx.core(), { filter: defined(args.filter), groupBy: args.groupBy }),
  }),
}));
