import type { KeyObject } from 'node:crypto';
import { CompactSign } from 'jose';

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
 */
export async function signDetached(key: { kid: string; privateKey: KeyObject }, body: Uint8Array, facts: SignedFacts): Promise<string> {
  const jws = await new CompactSign(body)
    .setProtectedHeader({ alg: 'RS512', kid: key.kid, typ: 'JOSE', ts: facts.timestamp, wid: facts.webhookId, tid: facts.tenantId })
    .sign(key.privateKey);
  const [header, , signature] = jws.split('.');
  return `${header}..${signature}`;
}
