import type { PathOf, QueryOf, Schemas } from '../core/contract.js';
import { createBankTransaction } from '../core/transactions/create-bank-transaction.js';
import { createCryptoTransaction } from '../core/transactions/create-crypto-transaction.js';
import { createTradeTransaction } from '../core/transactions/create-trade-transaction.js';
import { getTransaction } from '../core/transactions/get-transaction.js';
import { listTransactions } from '../core/transactions/list-transactions.js';
import { updateTransactionStatus } from '../core/transactions/update-transaction-status.js';
import { authedProcedure, router, typed } from './init.js';

/** Dashboard: lists with the REST filters, details, creation and status changes by admins. */
export const transactionsRouter = router({
  list: authedProcedure
    .input(typed<QueryOf<'listTransactions'> | undefined>())
    .query(({ ctx, input }) => listTransactions(ctx.core, input ?? {})),
  get: authedProcedure
    .input(typed<PathOf<'getTransaction'>>())
    .query(({ ctx, input }) => getTransaction(ctx.core, input ?? { transactionId: '' })),
  createBank: authedProcedure
    .input(typed<Schemas['CreateBankTransactionRequest']>())
    .mutation(({ ctx, input }) => createBankTransaction(ctx.core, input)),
  createCrypto: authedProcedure
    .input(typed<Schemas['CreateCryptoTransactionRequest']>())
    .mutation(({ ctx, input }) => createCryptoTransaction(ctx.core, input)),
  createTrade: authedProcedure
    .input(typed<Schemas['CreateTradeTransactionRequest']>())
    .mutation(({ ctx, input }) => createTradeTransaction(ctx.core, input)),
  updateStatus: authedProcedure
    .input(typed<PathOf<'simulateTransactionStatus'> & Schemas['TransactionStatusChange']>())
    .mutation(({ ctx, input }) => {
      const { transactionId, ...body } = input ?? { transactionId: '' };
      return updateTransactionStatus(ctx.core, { transactionId, body });
    }),
});
