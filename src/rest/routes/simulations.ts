import type { FastifyInstance } from 'fastify';
import { simulateKybEvent } from '../../core/kyb/simulate-kyb-event.js';
import { simulateKycHolderAction } from '../../core/kyc/simulate-holder-action.js';
import { simulateKycOutcome } from '../../core/kyc/simulate-kyc-outcome.js';
import { simulateBankDeposit } from '../../core/transactions/simulate-bank-deposit.js';
import { simulateCryptoDeposit } from '../../core/transactions/simulate-crypto-deposit.js';
import { simulateTransactionStatus } from '../../core/transactions/simulate-transaction-status.js';

/** Sandbox-only stand-ins for banks, chains and providers. */
export function simulationRoutes(app: FastifyInstance): void {
  app.post<{ Params: { transactionId: string } }>('/api/v2/simulations/transactions/:transactionId/status', async (req) =>
    simulateTransactionStatus(req.ctx, { transactionId: req.params.transactionId, body: req.body }),
  );
  app.post<{ Params: { accountId: string } }>('/api/v2/simulations/kyc/:accountId/outcome', async (req) =>
    simulateKycOutcome(req.ctx, { accountId: req.params.accountId, body: req.body }),
  );
  app.post<{ Params: { accountId: string } }>('/api/v2/simulations/kyc/:accountId/holder-action', async (req) =>
    simulateKycHolderAction(req.ctx, { accountId: req.params.accountId, body: req.body }),
  );
  app.post<{ Params: { accountId: string } }>('/api/v2/simulations/kyb/:accountId', async (req) =>
    simulateKybEvent(req.ctx, { accountId: req.params.accountId, body: req.body }),
  );
  app.post('/api/v2/simulations/deposits/bank', async (req, reply) => reply.code(201).send(await simulateBankDeposit(req.ctx, req.body)));
  app.post('/api/v2/simulations/deposits/crypto', async (req, reply) =>
    reply.code(201).send(await simulateCryptoDeposit(req.ctx, req.body)),
  );
}
