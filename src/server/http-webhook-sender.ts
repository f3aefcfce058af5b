import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import { type AddressPolicy, addressPolicy, isForbiddenAddress, isMetadataHost, STRICT_ADDRESSES } from '../core/webhooks/address-guard.js';
import type { SendResult, WebhookSender } from '../core/webhooks/sender.js';

type Lookup = typeof dnsLookup;
const TRUNCATE = 4096;
/** Target URLs whose verdict is kept (a bound on memory, not a tuning figure). */
const MAX_VERDICTS = 10_000;

/**
 * A DNS lookup that refuses forbidden addresses (under `policy`). It runs inside the connection
 * attempt, so the address checked is the address connected to (no DNS-rebinding window).
 */
export function guardedLookup(resolve: Lookup = dnsLookup, policy: AddressPolicy = STRICT_ADDRESSES): Lookup {
  return ((hostname: string, options: object, callback: (err: Error | null, address?: unknown, family?: number) => void) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const list = addresses as unknown as LookupAddress[];
      if (!list.length) return callback(new Error(`${hostname} has no address`));
      const bad = list.find((a) => isForbiddenAddress(a.address, policy));
      if (bad) return callback(new Error(`refused: ${hostname} resolves to a forbidden address (${bad.address})`));
      if ((options as { all?: boolean }).all) return callback(null, list);
      const first = list[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  }) as Lookup;
}

/**
 * Sends deliveries over HTTP(S) with undici: one POST per attempt, a per-attempt timeout,
 * redirects not followed (a 3xx is a failure), the answer read up to 4 KB. Forbidden addresses are
 * refused at connect time: with `allowInsecure` (FAS_WEBHOOK_ALLOW_INSECURE) http and loopback are
 * allowed, private subnets only as `allowPrivate` lists them; link-local and metadata never.
 */
export function httpWebhookSender(opts: {
  timeoutMs: number;
  allowInsecure: boolean;
  allowPrivate?: readonly string[];
  resolve?: Lookup;
}): WebhookSender & { close(): Promise<void> } {
  const policy = addressPolicy({ allowInsecure: opts.allowInsecure, allowPrivate: opts.allowPrivate });
  const agent = new Agent({
    connect: { timeout: opts.timeoutMs, lookup: guardedLookup(opts.resolve, policy) },
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
    connections: 64,
  });
  // Each URL's verdict before connecting (scheme, literal address), kept: the policy never changes,
  // and parsing the URL and checking the address lists for every attempt showed in the profile.
  const verdicts = new Map<string, string | null>();
  const refusal = (url: string): string | null => {
    const known = verdicts.get(url);
    if (known !== undefined) return known;
    const u = new URL(url);
    const host = u.hostname.replace(/^\[|\]$/g, '');
    const verdict =
      !opts.allowInsecure && u.protocol !== 'https:'
        ? 'refused: target is not https'
        : isMetadataHost(host) || (isIP(host) && isForbiddenAddress(host, policy))
          ? `refused: ${host} is a forbidden address`
          : null;
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
    verdicts.set(url, verdict);
    return verdict;
  };
  return {
    async send(url, headers, body): Promise<SendResult> {
      const started = performance.now();
      const elapsed = () => performance.now() - started;
      const refused = refusal(url);
      if (refused) return { statusCode: null, error: refused, responseBody: null, durationMs: 0 };
      try {
        const res = await request(url, {
          method: 'POST',
          headers,
          body,
          dispatcher: agent,
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
        let text = '';
        for await (const chunk of res.body) {
          text += Buffer.from(chunk).toString('utf8');
          if (text.length >= TRUNCATE) break;
        }
        res.body.destroy();
        return { statusCode: res.statusCode, error: null, responseBody: text.slice(0, TRUNCATE) || null, durationMs: elapsed() };
      } catch (err) {
        const e = err as Error & { code?: string; cause?: Error };
        const reason =
          e.name === 'TimeoutError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT'
            ? `timeout after ${opts.timeoutMs} ms`
            : (e.cause?.message ?? e.message);
        return { statusCode: null, error: reason, responseBody: null, durationMs: elapsed() };
      }
    },
    close: () => agent.close(),
  };
}
