import { type KeyObject, sign } from 'node:crypto';

/** The signature format of `X-Service-Signature-Version`. */
export const SIGNATURE_VERSION = '2025-01-01';

export interface SignedFacts {
  timestamp: number;
  webhookId: string;
  tenantId: string;
}

/**
 * A detached JWS (RFC 7515 appendix F): RS512 over the exact body bytes, the payload part left
 * empty (`<header>..<signature>`). The protected header also carries the timestamp, webhook id
 * and tenant, so they are signed too.
 *
 * Built by hand rather than with jose's `CompactSign` (the same bytes: RS512 is RSASSA-PKCS1-v1_5,
 * which is deterministic, and the header is serialised in the same key order): the signature runs
 * in libuv's thread pool through `crypto.sign`'s callback form, so the event loop stays free to
 * claim and send while it is computed, and WebCrypto's per-call overhead is avoided.
 */
export function signDetached(key: { kid: string; privateKey: KeyObject }, body: Uint8Array, facts: SignedFacts): Promise<string> {
  const header = Buffer.from(
    JSON.stringify({ alg: 'RS512', kid: key.kid, typ: 'JOSE', ts: facts.timestamp, wid: facts.webhookId, tid: facts.tenantId }),
  ).toString('base64url');
  const payload = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('base64url');
  const input = Buffer.from(`${header}.${payload}`, 'latin1');
  return new Promise((resolve, reject) => {
    sign('sha512', input, key.privateKey, (err, signature) => {
      if (err) reject(err);
      else resolve(`${header}..${signature.toString('base64url')}`);
    });
  });
}
