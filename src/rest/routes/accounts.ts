import type { FastifyInstance } from 'fastify';
import { createAccount } from '../../core/accounts/create-account.js';
import { eraseAccount } from '../../core/accounts/erase-account.js';
import { exportAccounts } from '../../core/accounts/export-accounts.js';
import { getAccount } from '../../core/accounts/get-account.js';
import { listAccounts } from '../../core/accounts/list-accounts.js';
import { sendCsv } from '../../http/csv-reply.js';

export function accountRoutes(app: FastifyInstance): void {
  app.post('/api/v2/accounts', async (req, reply) => reply.code(201).send(await createAccount(req.ctx, req.body)));
  app.get('/api/v2/accounts', async (req) => listAccounts(req.ctx, req.query));
  app.get('/api/v2/accounts/export', async (req, reply) => sendCsv(reply, await exportAccounts(req.ctx, req.query)));
  app.get<{ Params: { accountId: string } }>('/api/v2/accounts/:accountId', async (req) =>
    getAccount(req.ctx, { accountId: req.params.accountId }),
  );
  app.post<{ Params: { accountId: string } }>('/api/v2/accounts/:accountId/erasure', async (req) =>
    eraseAccount(req.ctx, { accountId: req.params.accountId }),
  );
}
