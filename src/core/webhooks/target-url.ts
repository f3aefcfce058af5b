import { isIP } from 'node:net';
import { fieldError, validationError } from '../errors.js';
import { type AddressPolicy, addressPolicy, isForbiddenAddress, isMetadataHost } from './address-guard.js';

/** The rules of target URLs for a deployment (FAS_WEBHOOK_ALLOW_INSECURE, FAS_WEBHOOK_ALLOW_PRIVATE). */
export interface TargetRules {
  allowInsecure: boolean;
  addresses: AddressPolicy;
}

export function targetRulesOf(deps: { allowInsecureWebhooks: boolean; webhookAllowPrivate?: readonly string[] }): TargetRules {
  return {
    allowInsecure: deps.allowInsecureWebhooks,
    addresses: addressPolicy({ allowInsecure: deps.allowInsecureWebhooks, allowPrivate: deps.webhookAllowPrivate }),
  };
}

/**
 * A target URL as stored: https (http only when insecure targets are allowed for local
 * development), no credentials, no fragment, no metadata host name, and no literal forbidden
 * address or localhost name (loopback only with the insecure switch, private ranges only where
 * allowed). Host names are checked again on the address actually connected to, at every send.
 */
export function checkTargetUrl(field: string, raw: string, rules: TargetRules): string {
  const { allowInsecure } = rules;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError([fieldError(field, 'invalid_format', 'must be an absolute URL', { format: 'uri' })]);
  }
  const fail = (message: string) => validationError([fieldError(field, 'invalid', message)]);
  if (url.protocol !== 'https:' && !(allowInsecure && url.protocol === 'http:')) {
    throw fail(allowInsecure ? 'must use https or http' : 'must use https (set FAS_WEBHOOK_ALLOW_INSECURE=true for local http targets)');
  }
  if (url.username || url.password) throw fail('must not contain credentials');
  if (url.hash) throw fail('must not contain a fragment');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (isMetadataHost(host) || (local && !rules.addresses.allowLoopback) || (isIP(host) && isForbiddenAddress(host, rules.addresses))) {
    throw fail(
      allowInsecure
        ? 'must not point to a link-local, metadata, reserved or (unless FAS_WEBHOOK_ALLOW_PRIVATE lists it) private address'
        : 'must not point to a private, loopback, link-local or reserved address',
    );
  }
  return url.toString();
}
