import { createPrivateKey, type KeyObject } from 'node:crypto';
import type { Deps } from '../context.js';

/** Receivers may cache the JWKS this long (`getJwks` in openapi.yaml: one hour). */
export const JWKS_CACHE_MS = 60 * 60 * 1000;
/** A new key is published this long before it signs: the cache hour plus a margin. */
export const PUBLICATION_WINDOW_MS = JWKS_CACHE_MS + 5 * 60 * 1000;
/** A retired key stays published this long: the cache hour plus the longest retry schedule. */
export const RETIRED_KEY_PUBLISHED_MS = JWKS_CACHE_MS + 7 * 24 * 60 * 60 * 1000;

export interface PublicJwk {
  kty: 'RSA';
  n: string;
  e: string;
  kid: string;
  alg: 'RS512';
  use: 'sig';
}

/** What a signing key's private half is sealed with: its own kid. */
export const sealContext = (kid: string) => `signing_key:${kid}`;

/** The key that signs now: the newest active one that has not retired. */
export async function currentSigningKey(deps: Deps): Promise<{ kid: string; privateKey: KeyObject }> {
  const now = deps.clock.now();
  const row = await deps.db.signingKey.findFirst({
    where: { activatesAt: { lte: now }, OR: [{ retiresAt: null }, { retiresAt: { gt: now } }] },
    orderBy: { activatesAt: 'desc' },
    select: { kid: true, privateKeyEnc: true },
  });
  if (!row) throw new Error('no signing key is active; run `fas keys rotate`');
  return { kid: row.kid, privateKey: createPrivateKey(deps.cipher.decrypt(row.privateKeyEnc, sealContext(row.kid))) };
}
