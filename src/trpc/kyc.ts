import type { PathOf, Schemas } from '../core/contract.js';
import { getBusinessVerification } from '../core/kyb/get-business-verification.js';
import { submitBusinessVerification } from '../core/kyb/submit-business-verification.js';
import { getBankingVerification } from '../core/kyc/get-banking-verification.js';
import { getVerificationLink } from '../core/kyc/get-verification-link.js';
import { requestBankingVerification } from '../core/kyc/request-banking-verification.js';
import { submitBankingVerification } from '../core/kyc/submit-banking-verification.js';
import { router, typed } from './init.js';
import { kycDocumentsRouter } from './kyc-documents.js';
import { mutation, query } from './use-case.js';

/** Dashboard: view verification status and masked data (KYC and KYB); submit and request on a holder's behalf. */
export const kycRouter = router({
  getBankingVerification: query(typed<PathOf<'getBankingVerification'>>(), getBankingVerification, { accountId: '' }),
  getBusinessVerification: query(typed<PathOf<'getBusinessVerification'>>(), getBusinessVerification, { accountId: '' }),
  /** The link's state (active, expired, used), expiry and attempts; never the token. */
  verificationLink: query(typed<{ accountId: string }>(), getVerificationLink, { accountId: '' }),
  submitBankingVerification: mutation(typed<Schemas['BankingVerificationSubmission']>(), submitBankingVerification),
  submitBusinessVerification: mutation(typed<Schemas['BusinessVerificationSubmission']>(), submitBusinessVerification),
  requestBankingVerification: mutation(typed<Schemas['BankingVerificationRequest']>(), requestBankingVerification),
  documents: kycDocumentsRouter,
});
