import type { Schemas } from '../contract.js';
import { SUBMITTABLE } from './verification-status.js';

type AccountStatus = Schemas['AccountStatus'];
type VerificationStatus = Schemas['VerificationStatus'];

/**
 * The one rule of `requestBankingVerification` (individual and business accounts alike): the
 * account is `pending` or `needs_update`, and verification data is saved for it (any status: after
 * `needs_update` the holder may only have uploaded a better document). Returns why a request is
 * refused (the INVALID_STATE detail), or null when it is allowed.
 */
export function verificationRequestRefusal(accountStatus: AccountStatus, saved: VerificationStatus | null): string | null {
  if (!(SUBMITTABLE as readonly string[]).includes(accountStatus)) {
    return `verification can be requested while the account is pending or needs_update; it is ${accountStatus}`;
  }
  if (saved === null) return 'no verification data is saved for this account; submit it first';
  return null;
}

/** Whether `requestBankingVerification` would accept a request now (the readers' `canRequestVerification`). */
export function canRequestVerification(accountStatus: AccountStatus, saved: VerificationStatus | null): boolean {
  return verificationRequestRefusal(accountStatus, saved) === null;
}
