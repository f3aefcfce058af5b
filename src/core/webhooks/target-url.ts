import { isIP } from 'node:net';
import { validationError } from '../errors.js';
import { isForbiddenAddress } from './address-guard.js';

/**
 * A target URL as stored: https (http only when insecure targets are allowed for local
 * development), no credentials, no fragment, and no literal forbidden address or localhost name.
 * Host names are checked again on the address actually connected to, at every send.
 */
export function checkTargetUrl(field: string, raw: string, allowInsecure: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError([{ field, message: 'must be an absolute URL' }]);
  }
  const fail = (message: string) => validationError([{ field, message }]);
  if (url.protocol !== 'https:' && !(allowInsecure && url.protocol === 'http:')) {
    throw fail(allowInsecure ? 'must use https or http' : 'must use https (set FAS_WEBHOOK_ALLOW_INSECURE=true for local http targets)');
  }
  if (url.username || url.password) throw fail('must not contain credentials');
  if (url.hash) throw fail('must not contain a fragment');
  if (!allowInsecure) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isForbiddenAddress(host))) {
      throw fail('must not point to a private, loopback, link-local or reserved address');
    }
  }
  return url.toString();
}
