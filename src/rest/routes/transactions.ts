import type { FastifyInstance } from 'fastify';
import { createBankTransaction } from '../../core/transactions/create-bank-transaction.js';
import { createCryptoTransaction } from '../../core/transactions/create-crypto-transaction.js';
import { createTradeTransaction } from '../../core/transactions/create-trade-transaction.js';
import { exportTransactions } from '../../core/transactions/export-transactions.js';
import { getTransaction } from '../../core/transactions/get-transaction.js';
import { listTransactions } from '../../core/transactions/list-transactions.js';
import { sendCsv } from '../../http/csv-reply.js';

export function transactionRoutes(app: FastifyInstance): void {
  app.get('/api/v2/transactions', async (req) => listTransactions(req.ctx, req.query));
  app.get('/api/v2/transactions/export', async (req, reply) => sendCsv(reply, await exportTransactions(req.ctx, req.query)));
  app.get<{ Params: { transactionId: string } }>('/api/v2/transactions/:transactionId', async (req) =>
    getTransaction(req.ctx, { transactionId: req.params.transactionId }),
  );
  app.post('/api/v2/transactions/bank', async (req, reply) => reply.code(201).send(await createBankTransaction(req.ctx, req.body)));
  app.post('/api/v2/transactions/crypto', async (req, reply) => reply.code(201).send(await createCryptoTransaction(req.ctx, req.body)));
  app.post('/api/v2/transactions/trade', async (req, reply) => reply.code(201).send(await createTradeTransaction(req.ctx, req.body)));
}
