/** The version of the terms the page shows; recorded with each signature. */
export const TERMS_VERSION = '2026-11-01';

/** What a sealed signature name is bound to: its verification. */
export function signatureSealContext(accountId: string): string {
  return `banking_verification:${accountId}:signatureName`;
}
