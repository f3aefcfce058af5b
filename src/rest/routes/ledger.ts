import type { FastifyInstance } from 'fastify';
import { getAccountBalances } from '../../core/ledger/get-account-balances.js';
import { listAccountEntries } from '../../core/ledger/list-account-entries.js';
import { listTransactionEntries } from '../../core/ledger/list-transaction-entries.js';

type ByAccount = { Params: { accountId: string } };

/** Balances, statements and a transaction's entries (docs/api.md "Balances"). */
export function ledgerRoutes(app: FastifyInstance): void {
  app.get<ByAccount>('/api/v2/accounts/:accountId/balances', async (req) =>
    getAccountBalances(req.ctx, { accountId: req.params.accountId }),
  );
  app.get<ByAccount>('/api/v2/accounts/:accountId/entries', async (req) =>
    listAccountEntries(req.ctx, { accountId: req.params.accountId, query: req.query }),
  );
  app.get<{ Params: { transactionId: string } }>('/api/v2/transactions/:transactionId/entries', async (req) =>
    listTransactionEntries(req.ctx, { transactionId: req.params.transactionId }),
  );
}
