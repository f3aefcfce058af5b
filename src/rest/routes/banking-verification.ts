import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { getBusinessVerification } from '../../core/kyb/get-business-verification.js';
import { submitBusinessVerification } from '../../core/kyb/submit-business-verification.js';
import { listVerificationDocuments } from '../../core/kyc/documents/list-documents.js';
import { readDocumentContent } from '../../core/kyc/documents/read-document-content.js';
import { getBankingVerification } from '../../core/kyc/get-banking-verification.js';
import { requestBankingVerification } from '../../core/kyc/request-banking-verification.js';
import { submitBankingVerification } from '../../core/kyc/submit-banking-verification.js';
import { documentDisposition } from '../../http/document-disposition.js';

export function bankingVerificationRoutes(app: FastifyInstance): void {
  app.post('/api/v2/kyc/banking-verification/individual', async (req) => submitBankingVerification(req.ctx, req.body));
  app.post('/api/v2/kyc/banking-verification/business', async (req) => submitBusinessVerification(req.ctx, req.body));
  app.post('/api/v2/kyc/banking-verification/request', async (req) => requestBankingVerification(req.ctx, req.body));
  app.get<{ Params: { accountId: string } }>('/api/v2/kyc/banking-verification/:accountId', async (req) =>
    getBankingVerification(req.ctx, { accountId: req.params.accountId }),
  );
  app.get<{ Params: { accountId: string } }>('/api/v2/kyc/banking-verification/:accountId/business', async (req) =>
    getBusinessVerification(req.ctx, { accountId: req.params.accountId }),
  );
  app.get<{ Params: { accountId: string } }>('/api/v2/kyc/banking-verification/:accountId/documents', async (req) =>
    listVerificationDocuments(req.ctx, { accountId: req.params.accountId, query: req.query }),
  );
  app.get<{ Params: { accountId: string; documentId: string } }>(
    '/api/v2/kyc/banking-verification/:accountId/documents/:documentId/content',
    async (req, reply) => {
      const { document, content } = await readDocumentContent(req.ctx, req.params);
      return reply
        .type(document.mediaType)
        .header('content-length', document.sizeBytes)
        .header('content-disposition', documentDisposition('attachment', document))
        .header('x-content-sha256', document.sha256)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(content));
    },
  );
}
