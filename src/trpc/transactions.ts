import type { PathOf, QueryOf, Schemas } from '../core/contract.js';
import { createBankTransaction } from '../core/transactions/create-bank-transaction.js';
import { createCryptoTransaction } from '../core/transactions/create-crypto-transaction.js';
import { createTradeTransaction } from '../core/transactions/create-trade-transaction.js';
import { getTransaction } from '../core/transactions/get-transaction.js';
import { listTransactions } from '../core/transactions/list-transactions.js';
import { previewStatusChange } from '../core/transactions/preview-status-change.js';
import { type StatsGroup, transactionStats } from '../core/transactions/transaction-stats.js';
import { updateTransactionStatus } from '../core/transactions/update-transaction-status.js';
import { router, typed } from './init.js';
import { mutation, query, withBody } from './use-case.js';

/** Dashboard: lists with the REST filters, details, creation and status changes by admins. */
export const transactionsRouter = router({
  list: query(typed<QueryOf<'listTransactions'> | undefined>(), listTransactions, {}),
  get: query(typed<PathOf<'getTransaction'>>(), getTransaction, { transactionId: '' }),
  /** GraphQL's transactionStats: counts, and sums per currency when grouped by COIN. */
  stats: query(typed<{ filter?: QueryOf<'listTransactions'>; groupBy: StatsGroup[] }>(), transactionStats, { groupBy: [] }),
  createBank: mutation(typed<Schemas['CreateBankTransactionRequest']>(), createBankTransaction),
  createCrypto: mutation(typed<Schemas['CreateCryptoTransactionRequest']>(), createCryptoTransaction),
  createTrade: mutation(typed<Schemas['CreateTradeTransactionRequest']>(), createTradeTransaction),
  /** What `updateStatus` would do (the dashboard's confirmation); writes nothing. */
  previewStatusChange: query(typed<Schemas['StatusChangePreviewRequest']>(), previewStatusChange),
  updateStatus: mutation(
    typed<PathOf<'simulateTransactionStatus'> & Schemas['TransactionStatusChange']>(),
    withBody('transactionId', updateTransactionStatus),
  ),
});
