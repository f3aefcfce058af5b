import { createPrivateKey, generateKeyPair, type KeyObject, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { DEFAULTS } from '../../defaults.js';
import type { Deps } from '../context.js';

const generate = promisify(generateKeyPair);

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

const sealContext = (kid: string) => `signing_key:${kid}`;

async function newKey(deps: Deps, bits: number) {
  const { publicKey, privateKey } = await generate('rsa', { modulusLength: bits });
  const kid = `fas-${deps.clock.now().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
  const jwk = publicKey.export({ format: 'jwk' }) as { n: string; e: string };
  const publicJwk: PublicJwk = { kty: 'RSA', n: jwk.n, e: jwk.e, kid, alg: 'RS512', use: 'sig' };
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  return { kid, publicJwk, privateKeyEnc: deps.cipher.encrypt(pem, sealContext(kid)) };
}

/**
 * Adds a signing key. The very first key signs at once (no receiver can have cached anything);
 * a rotation publishes the new key now and lets it sign only after the publication window, and
 * schedules the current key's retirement for that moment.
 */
export async function rotateSigningKey(deps: Deps, opts: { bits?: number } = {}) {
  const now = deps.clock.now();
  const key = await newKey(deps, opts.bits ?? DEFAULTS.signingKeyBits);
  return deps.db.$transaction(async (tx) => {
    const live = await tx.signingKey.findMany({ where: { retiresAt: null }, select: { kid: true } });
    const activatesAt = live.length ? new Date(now.getTime() + PUBLICATION_WINDOW_MS) : now;
    if (live.length) {
      await tx.signingKey.updateMany({
        where: { retiresAt: null },
        data: { retiresAt: activatesAt, publishedUntil: new Date(activatesAt.getTime() + RETIRED_KEY_PUBLISHED_MS) },
      });
    }
    await tx.signingKey.create({ data: { ...key, publicJwk: key.publicJwk as object, createdAt: now, activatesAt } });
    return { kid: key.kid, activatesAt: activatesAt.toISOString(), retired: live.map((k) => k.kid) };
  });
}

/** At start: make sure a key exists (the first start creates one). */
export async function ensureSigningKey(deps: Deps, opts: { bits?: number } = {}): Promise<void> {
  if ((await deps.db.signingKey.count()) === 0) await rotateSigningKey(deps, opts);
}

/** The JWKS: keys published now, including the next one before it signs and retired ones for a while. */
export async function publishedJwks(deps: Deps): Promise<{ keys: PublicJwk[] }> {
  const now = deps.clock.now();
  const rows = await deps.db.signingKey.findMany({
    where: { OR: [{ publishedUntil: null }, { publishedUntil: { gt: now } }] },
    orderBy: { activatesAt: 'desc' },
    select: { publicJwk: true },
  });
  return { keys: rows.map((r) => r.publicJwk as unknown as PublicJwk) };
}

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
