import type { AccountDto } from '../../core/accounts/account-dto.js';
import { getAccounts } from '../../core/accounts/get-accounts.js';
import { CONTRACT_ENUMS } from '../../core/contract.js';
import { AppError } from '../../core/errors.js';
import { getTransaction } from '../../core/transactions/get-transaction.js';
import { listTransactions } from '../../core/transactions/list-transactions.js';
import { BANK_OPTIONAL, CRYPTO_OPTIONAL } from '../../core/transactions/transaction-columns.js';
import type { TransactionDto } from '../../core/transactions/transaction-row.js';
import { STATS_GROUPS, transactionStats } from '../../core/transactions/transaction-stats.js';
import { builder, loaderFor } from '../builder.js';
import { exposeNullableStrings, exposeStrings, nullIfNotFound, pageOf } from '../fields.js';
import { Account } from './account.js';

const TransactionType = builder.enumType('TransactionType', { values: CONTRACT_ENUMS.TransactionType });
const TransactionStatus = builder.enumType('TransactionStatus', { values: CONTRACT_ENUMS.TransactionStatus });

type Bank = NonNullable<TransactionDto['bankTransactionDetails']>;
type Crypto = NonNullable<TransactionDto['cryptoTransactionDetails']>;
type Trade = NonNullable<TransactionDto['tradeTransactionDetails']>;
type History = TransactionDto['statusHistory'][number];

const BankDetails = builder.objectRef<Bank>('BankTransactionDetails').implement({
  description: 'Details of a bank transaction (BankTransactionDetails in openapi.yaml); decimals are strings.',
  fields: (t) => ({
    ...exposeStrings(t, 'type', 'coin', 'amount', 'fee', 'total', 'instrumentType', 'transactionReference'),
    ...Object.fromEntries(BANK_OPTIONAL.map((name) => [name, t.string({ nullable: true, resolve: (d) => d[name] ?? null })])),
    addenda: t.stringList({ resolve: (d) => d.addenda ?? [] }),
  }),
});

const CryptoDetails = builder.objectRef<Crypto>('CryptoTransactionDetails').implement({
  description: 'Details of a crypto transaction (CryptoTransactionDetails in openapi.yaml); decimals are strings.',
  fields: (t) => ({
    ...exposeStrings(t, 'type', 'coin', 'network', 'amount', 'fee', 'total'),
    ...Object.fromEntries(CRYPTO_OPTIONAL.map((name) => [name, t.string({ nullable: true, resolve: (d) => d[name] ?? null })])),
  }),
});

const TradeDetails = builder.objectRef<Trade>('TradeTransactionDetails').implement({
  description: 'Details of a trade (TradeTransactionDetails in openapi.yaml); decimals are strings.',
  fields: (t) => ({
    ...exposeStrings(
      t,
      'type',
      'product',
      'side',
      'quantity',
      'quantityCurrency',
      'fee',
      'feeCurrency',
      'quoteQuantity',
      'quoteCurrency',
      'rate',
    ),
  }),
});

const StatusHistoryEntry = builder.objectRef<History>('StatusHistoryEntry').implement({
  fields: (t) => ({
    status: t.field({ type: TransactionStatus, resolve: (h) => h.status }),
    statusReason: t.exposeString('statusReason'),
    date: t.field({ type: 'DateTime', resolve: (h) => h.date }),
  }),
});

const Audit = builder.objectRef<TransactionDto['audit']>('TransactionAudit').implement({
  fields: (t) => ({
    adminId: t.id({ nullable: true, resolve: (a) => a.adminId ?? null }),
    admin: t.string({ nullable: true, resolve: (a) => a.admin ?? null }),
    apiKey: t.exposeBoolean('apiKey'),
  }),
});

const Transaction = builder.objectRef<TransactionDto>('Transaction').implement({
  description: 'A transaction (Transaction in openapi.yaml). Exactly one details field is non-null, the one of transactionType.',
  fields: (t) => ({
    id: t.exposeID('id'),
    reference: t.exposeString('reference'),
    accountId: t.exposeID('accountId'),
    createdAt: t.field({ type: 'DateTime', resolve: (x) => x.createdAt }),
    transactionType: t.field({ type: TransactionType, resolve: (x) => x.transactionType }),
    coins: t.exposeStringList('coins'),
    status: t.field({ type: TransactionStatus, resolve: (x) => x.status }),
    statusReason: t.exposeString('statusReason'),
    statusHistory: t.field({ type: [StatusHistoryEntry], resolve: (x) => x.statusHistory }),
    accountEmail: t.string({ resolve: (x) => x.account.email }),
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
    audit: t.field({ type: Audit, resolve: (x) => x.audit }),
    bankTransactionDetails: t.field({ type: BankDetails, nullable: true, resolve: (x) => x.bankTransactionDetails ?? null }),
    cryptoTransactionDetails: t.field({ type: CryptoDetails, nullable: true, resolve: (x) => x.cryptoTransactionDetails ?? null }),
    tradeTransactionDetails: t.field({ type: TradeDetails, nullable: true, resolve: (x) => x.tradeTransactionDetails ?? null }),
  }),
});

const TransactionPage = pageOf('TransactionPage', Transaction);

const TransactionFilter = builder.inputType('TransactionFilter', {
  description: 'The filters of GET /api/v2/transactions, with the same rules (dates: RFC 3339, YYYY-MM-DDThh:mm:ss or YYYY-MM-DD).',
  fields: (t) => ({
    search: t.string(),
    accountId: t.id(),
    transactionType: t.field({ type: TransactionType }),
    status: t.field({ type: TransactionStatus }),
    startDate: t.string(),
    endDate: t.string(),
    coin: t.string(),
  }),
});

const StatsGroup = builder.enumType('TransactionStatsGroup', { values: STATS_GROUPS });

const StatsRow = builder.objectRef<Awaited<ReturnType<typeof transactionStats>>[number]>('TransactionStatsRow').implement({
  description: 'One group: its keys (null for dimensions not grouped by), the count and exact decimal sums as strings.',
  fields: (t) => ({
    ...exposeNullableStrings(t, 'coin', 'transactionType', 'status', 'day', 'month'),
    count: t.exposeInt('count'),
    ...exposeStrings(t, 'amount', 'fee', 'total'),
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
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => nullIfNotFound(async () => getTransaction(await ctx.core(), { transactionId: String(args.id) })),
  }),
  transactions: t.field({
    type: TransactionPage,
    description: 'Transactions of your workspace, newest first (same rules as GET /api/v2/transactions).',
    args: { filter: t.arg({ type: TransactionFilter }), page: t.arg.int(), limit: t.arg.int() },
    resolve: async (_root, args, ctx) =>
      listTransactions(await ctx.core(), { ...defined(args.filter), ...defined({ page: args.page, limit: args.limit }) }),
  }),
  transactionStats: t.field({
    type: [StatsRow],
    description: 'Counts and sums of amount, fee and total grouped as asked, over the same filters as the list (computed in SQL).',
    args: { filter: t.arg({ type: TransactionFilter }), groupBy: t.arg({ type: [StatsGroup], required: true }) },
    resolve: async (_root, args, ctx) => transactionStats(await ctx.core(), { filter: defined(args.filter), groupBy: args.groupBy }),
  }),
}));
