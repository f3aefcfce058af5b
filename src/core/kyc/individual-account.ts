import type { Schemas } from '../contract.js';
import { AppError } from '../errors.js';

/**
 * KYC (banking verification, its holder and its provider) is for individual accounts; a business
 * is verified by KYB. Refusing here keeps KYC events such as `kyc_verification_completed` from
 * ever being emitted for a business.
 */
export function assertIndividual(account: { type: Schemas['AccountType'] }): void {
  if (account.type !== 'individual') {
    throw new AppError(
      'INVALID_STATE',
      'KYC applies to individual accounts; this is a business account (KYB: POST /api/v2/simulations/kyb/{accountId})',
    );
  }
}
