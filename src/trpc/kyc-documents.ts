import type { PathOf, QueryOf } from '../core/contract.js';
import { listVerificationDocuments } from '../core/kyc/documents/list-documents.js';
import { readDocumentContent } from '../core/kyc/documents/read-document-content.js';
import { readVerificationSignature } from '../core/kyc/documents/read-signature.js';
import { authedProcedure, router, typed } from './init.js';
import { query } from './use-case.js';

/** Dashboard: the holder's documents of a verification; content for admins and API keys only. */
export const kycDocumentsRouter = router({
  // The account plus page and limit; any other key reaches the core's query validation and is refused.
  list: query(
    typed<PathOf<'listVerificationDocuments'> & QueryOf<'listVerificationDocuments'>>(),
    (core, { accountId, ...rest }) => listVerificationDocuments(core, { accountId, query: rest }),
    { accountId: '' },
  ),
  /** The signer's typed name and time (admins and API keys; analysts get FORBIDDEN); null before signing. */
  signature: query(typed<{ accountId: string }>(), readVerificationSignature, { accountId: '' }),
  /** The content as base64 (tRPC speaks JSON); the read is recorded like a REST download. */
  content: authedProcedure.input(typed<PathOf<'getVerificationDocumentContent'>>()).query(async ({ ctx, input }) => {
    const { document, content } = await readDocumentContent(ctx.core, input ?? { accountId: '', documentId: '' });
    const parts: Buffer[] = [];
    for await (const part of content) parts.push(part);
    return { document, contentBase64: Buffer.concat(parts).toString('base64') };
  }),
});
