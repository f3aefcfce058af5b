import type { PathOf, Schemas } from '../core/contract.js';
import { getBankingVerification } from '../core/kyc/get-banking-verification.js';
import { getVerificationLink } from '../core/kyc/get-verification-link.js';
import { requestBankingVerification } from '../core/kyc/request-banking-verification.js';
import { submitBankingVerification } from '../core/kyc/submit-banking-verification.js';
import { authedProcedure, router, typed } from './init.js';
import { kycDocumentsRouter } from './kyc-documents.js';

/** Dashboard: view verification status and masked data; submit and request on a holder's behalf. */
export const kycRouter = router({
  getBankingVerification: authedProcedure
    .input(typed<PathOf<'getBankingVerification'>>())
    .query(({ ctx, input }) => getBankingVerification(ctx.core, input ?? { accountId: '' })),
  /** The link's state (active, expired, used), expiry and attempts; never the token. */
  verificationLink: authedProcedure
    .input(typed<{ accountId: string }>())
    .query(({ ctx, input }) => getVerificationLink(ctx.core, input ?? { accountId: '' })),
  submitBankingVerification: authedProcedure
    .input(typed<Schemas['BankingVerificationSubmission']>())
    .mutation(({ ctx, input }) => submitBankingVerification(ctx.core, input)),
  requestBankingVerification: authedProcedure
    .input(typed<Schemas['BankingVerificationRequest']>())
    .mutation(({ ctx, input }) => requestBankingVerification(ctx.core, input)),
  documents: kycDocumentsRouter,
});
