import { timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../context.js';

/** A page's forms stay usable this long (the link itself may expire sooner). */
const NONCE_LIFETIME_MS = 12 * 60 * 60 * 1000;
const PURPOSE = 'verify-page-nonce';

/**
 * A per-page nonce bound to the link: `<issued, base36 ms>.<HMAC(token hash, issued)>`. Stateless,
 * so any process sharing the master key accepts it; a nonce of another link never verifies.
 */
export function issuePageNonce(deps: Deps, tokenHash: string): string {
  const issued = deps.clock.now().getTime().toString(36);
  return `${issued}.${deps.cipher.mac(PURPOSE, `${tokenHash}.${issued}`)}`;
}

export function pageNonceValid(deps: Deps, tokenHash: string, nonce: unknown): boolean {
  if (typeof nonce !== 'string' || nonce.length > 100) return false;
  const [issued, mac] = nonce.split('.');
  if (!issued || !mac || !/^[0-9a-z]{1,12}$/.test(issued)) return false;
  const age = deps.clock.now().getTime() - Number.parseInt(issued, 36);
  if (!(age >= -60_000 && age <= NONCE_LIFETIME_MS)) return false;
  const expected = Buffer.from(deps.cipher.mac(PURPOSE, `${tokenHash}.${issued}`));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
