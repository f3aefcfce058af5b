import type { FastifyInstance } from 'fastify';
import { getBankingVerification } from '../../core/kyc/get-banking-verification.js';
import { requestBankingVerification } from '../../core/kyc/request-banking-verification.js';
import { submitBankingVerification } from '../../core/kyc/submit-banking-verification.js';

export function bankingVerificationRoutes(app: FastifyInstance): void {
  app.post('/api/v2/kyc/banking-verification/individual', async (req) => submitBankingVerification(req.ctx, req.body));
  app.post('/api/v2/kyc/banking-verification/request', async (req) => requestBankingVerification(req.ctx, req.body));
  app.get<{ Params: { accountId: string } }>('/api/v2/kyc/banking-verification/:accountId', async (req) =>
    getBankingVerification(req.ctx, { accountId: req.params.accountId }),
  );
}
