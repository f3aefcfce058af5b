import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import { isForbiddenAddress } from '../core/webhooks/address-guard.js';
import type { SendResult, WebhookSender } from '../core/webhooks/sender.js';

type Lookup = typeof dnsLookup;
const TRUNCATE = 4096;

/**
 * A DNS lookup that refuses forbidden addresses. It runs inside the connection attempt, so the
 * address checked is the address connected to (no DNS-rebinding window).
 */
export function guardedLookup(resolve: Lookup = dnsLookup): Lookup {
  return ((hostname: string, options: object, callback: (err: Error | null, address?: unknown, family?: number) => void) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const list = addresses as unknown as LookupAddress[];
      if (!list.length) return callback(new Error(`${hostname} has no address`));
      const bad = list.find((a) => isForbiddenAddress(a.address));
      if (bad) return callback(new Error(`refused: ${hostname} resolves to a forbidden address (${bad.address})`));
      if ((options as { all?: boolean }).all) return callback(null, list);
      const first = list[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  }) as Lookup;
}

/**
 * Sends deliveries over HTTP(S) with undici: one POST per attempt, a per-attempt timeout,
 * redirects not followed (a 3xx is a failure), the answer read up to 4 KB. Unless insecure
 * targets are allowed, forbidden addresses are refused at connect time.
 */
export function httpWebhookSender(opts: {
  timeoutMs: number;
  allowInsecure: boolean;
  resolve?: Lookup;
}): WebhookSender & { close(): Promise<void> } {
  const agent = new Agent({
    connect: opts.allowInsecure ? { timeout: opts.timeoutMs } : { timeout: opts.timeoutMs, lookup: guardedLookup(opts.resolve) },
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
    connections: 64,
  });
  return {
    async send(url, headers, body): Promise<SendResult> {
      const started = performance.now();
      const elapsed = () => performance.now() - started;
      const u = new URL(url);
      const host = u.hostname.replace(/^\[|\]$/g, '');
      if (!opts.allowInsecure) {
        if (u.protocol !== 'https:') return { statusCode: null, error: 'refused: target is not https', responseBody: null, durationMs: 0 };
        if (isIP(host) && isForbiddenAddress(host)) {
          return { statusCode: null, error: `refused: ${host} is a forbidden address`, responseBody: null, durationMs: 0 };
        }
      }
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
