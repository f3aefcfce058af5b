import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'fas_sk_';
export const ADMIN_TOKEN_PREFIX = 'fas_at_';

/** A new secret: prefix + 192 random bits in base64url (32 characters). */
export function newSecret(prefix: string): string {
  return prefix + randomBytes(24).toString('base64url');
}

/** Secrets carry 192 random bits, so an unsalted SHA-256 cannot be brute-forced; it allows lookup. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The part of a secret shown to humans to tell secrets apart. */
export function displayPrefix(secret: string): string {
  return secret.slice(0, 12);
}

const SECRET_SHAPE = /^fas_(sk|at)_[A-Za-z0-9_-]{32}$/;

export function looksLikeSecret(value: string): boolean {
  return SECRET_SHAPE.test(value);
}
