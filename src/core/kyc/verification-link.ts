import { randomBytes } from 'node:crypto';
import { hashSecret } from '../auth/secrets.js';

export const LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** A new verification link: 256 random bits; only the hash is stored. */
export function newVerificationLink(publicUrl: string, now: Date) {
  const token = randomBytes(32).toString('base64url');
  return {
    url: `${publicUrl}/verify/${token}`,
    tokenHash: hashSecret(token),
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS),
  };
}

/** Verification tokens are 43 base64url characters; anything else cannot be one. */
export function looksLikeLinkToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
