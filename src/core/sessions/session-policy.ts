import { randomBytes } from 'node:crypto';

/** Dashboard sessions end after this long without a request (documented in openapi.yaml). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** ... and this long after sign-in, whatever the activity. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often, so reads do not each cost a write. */
export const SESSION_TOUCH_MS = 60 * 1000;

export const SESSION_PREFIX = 'fas_ss_';
const SESSION_SHAPE = /^fas_ss_[A-Za-z0-9_-]{32}$/;

/** A session secret: prefix + 192 random bits; only its SHA-256 is stored. */
export function newSessionSecret(): string {
  return SESSION_PREFIX + randomBytes(24).toString('base64url');
}

export function looksLikeSessionSecret(value: string): boolean {
  return SESSION_SHAPE.test(value);
}
