import { createLocalJWKSet, flattenedVerify, type JSONWebKeySet } from 'jose';
import type { components } from './generated/openapi.js';

/** Every webhook body, as the contract's `webhooks` section describes it: a union discriminated by `type`. */
export type WebhookEvent = components['schemas']['WebhookEvent'];
export type WebhookEventType = WebhookEvent['type'];
/** The body of one event type, e.g. `WebhookEventOf<'account_created'>['details']['account']`. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>;

/**
 * Verifies FAS webhook deliveries for integrators (the server's docs/api.md, "Verify a delivery"): the detached RS512 signature over
 * the raw body against the published JWKS (cached, refetched on an unknown `kid`), the tenant, the
 * timestamp window, and that the signed facts match the headers and the body.
 */

export type VerificationFailure =
  | 'missing_header'
  | 'malformed_signature'
  | 'bad_signature'
  | 'unknown_key'
  | 'wrong_tenant'
  | 'stale_timestamp'
  | 'mismatch'
  | 'jwks_unavailable';

export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: VerificationFailure,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export interface Deduplicator {
  /**
   * True when this webhookId was seen before (within the retention); marks it otherwise. May be
   * asynchronous, so that several processes can share a store (a unique index in a database).
   */
  seen(webhookId: string): boolean | Promise<boolean>;
}

/** In-memory deduplication by webhookId (one process; use a shared store across processes). */
export function createMemoryDeduplicator(opts: { ttlMs?: number; max?: number } = {}): Deduplicator & { seen(webhookId: string): boolean } {
  const ttl = opts.ttlMs ?? 24 * 60 * 60 * 1000;
  const max = opts.max ?? 100_000;
  const seenAt = new Map<string, number>();
  return {
    seen(id) {
      const now = Date.now();
      const at = seenAt.get(id);
      if (at !== undefined && now - at < ttl) return true;
      seenAt.delete(id);
      seenAt.set(id, now);
      if (seenAt.size > max) {
        const oldest = seenAt.keys().next().value;
        if (oldest !== undefined) seenAt.delete(oldest);
      }
      return false;
    },
  };
}

export interface VerifierOptions {
  /** e.g. https://api.fas.example/.well-known/jwks.json */
  jwksUrl: string;
  /** Your workspace id: deliveries for any other tenant are refused. */
  tenantId: string;
  /** Accepted clock difference, both ways (default 300 s, as the README recommends). */
  toleranceSeconds?: number;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch (tests). */
  now?: () => number;
  dedupe?: Deduplicator;
}

export interface VerifiedWebhook {
  webhookId: string;
  type: WebhookEventType;
  accountId: string | null;
  timestamp: string;
  details: unknown;
  retryCount: number;
  duplicate: boolean;
  /** A test send (`POST /api/v2/webhook-targets/{id}/test`): the body is an example, not a real event. From the signed body. */
  test: boolean;
  /** The body, typed from the contract: narrow on `event.type` to get that event's `details`. */
  event: WebhookEvent;
  payload: Record<string, unknown>;
}

type Headers = Record<string, string | string[] | undefined>;

const JWKS_MAX_AGE_MS = 60 * 60 * 1000;

/** Runs `fn`, and again up to `retries` times after failures, waiting 100 ms, 200 ms, 400 ms... (at most 1 s). */
async function withRetries<T>(retries: number, fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= retries) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 1000)));
    }
  }
}
const REFETCH_INTERVAL_MS = 30 * 1000;

export function createWebhookVerifier(opts: VerifierOptions) {
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const tolerance = opts.toleranceSeconds ?? 300;
  let cache: { set: JSONWebKeySet; at: number } | undefined;
  let lastForced = Number.NEGATIVE_INFINITY;

  async function fetchJwks(): Promise<JSONWebKeySet> {
    try {
      return await withRetries(3, async () => {
        const res = await doFetch(opts.jwksUrl, { headers: { accept: 'application/json' } });
        if (!res.ok) throw new Error(`JWKS answered ${res.status}`);
        const body = (await res.json()) as JSONWebKeySet;
        if (!body || !Array.isArray(body.keys)) throw new Error('JWKS has no keys array');
        return body;
      });
    } catch (err) {
      throw new WebhookVerificationError('jwks_unavailable', `cannot fetch the JWKS: ${(err as Error).message}`);
    }
  }

  async function keys(force: boolean): Promise<JSONWebKeySet> {
    if (!cache || force || now() - cache.at > JWKS_MAX_AGE_MS) cache = { set: await fetchJwks(), at: now() };
    return cache.set;
  }

  const hasKid = (set: JSONWebKeySet, kid: unknown) => set.keys.some((k) => k.kid === kid);

  return {
    async verify(rawBody: Uint8Array | string, headers: Headers): Promise<VerifiedWebhook> {
      const header = (name: string): string => {
        const v = headers[name] ?? headers[name.toLowerCase()];
        const value = Array.isArray(v) ? v[0] : v;
        if (!value) throw new WebhookVerificationError('missing_header', `missing ${name}`);
        return value;
      };
      const signature = header('x-service-signature');
      const timestamp = header('x-service-timestamp');
      const webhookId = header('x-service-webhook-id');
      const tenant = header('x-tenant-id');
      const retryCount = Number(headers['x-service-retry-count'] ?? 0);

      const parts = /^([A-Za-z0-9_-]+)\.\.([A-Za-z0-9_-]+)$/.exec(signature);
      if (!parts?.[1] || !parts[2]) throw new WebhookVerificationError('malformed_signature', 'X-Service-Signature is not a detached JWS');
      let protectedHeader: { alg?: unknown; kid?: unknown; ts?: unknown; wid?: unknown; tid?: unknown };
      try {
        protectedHeader = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
      } catch {
        throw new WebhookVerificationError('malformed_signature', 'the JWS protected header is not JSON');
      }
      if (protectedHeader.alg !== 'RS512') throw new WebhookVerificationError('bad_signature', 'only RS512 signatures are accepted');

      let set = await keys(false);
      if (!hasKid(set, protectedHeader.kid) && now() - lastForced > REFETCH_INTERVAL_MS) {
        lastForced = now();
        set = await keys(true);
      }
      if (!hasKid(set, protectedHeader.kid)) throw new WebhookVerificationError('unknown_key', 'the signing key is not in the JWKS');

      const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
      try {
        await flattenedVerify({ protected: parts[1], payload: body.toString('base64url'), signature: parts[2] }, createLocalJWKSet(set), {
          algorithms: ['RS512'],
        });
      } catch {
        throw new WebhookVerificationError('bad_signature', 'the signature does not match the body');
      }
      if (protectedHeader.tid !== opts.tenantId || tenant !== opts.tenantId) {
        throw new WebhookVerificationError('wrong_tenant', 'the delivery is for another tenant');
      }
      if (protectedHeader.wid !== webhookId || String(protectedHeader.ts) !== timestamp) {
        throw new WebhookVerificationError('mismatch', 'the headers disagree with the signed webhook id or timestamp');
      }
      if (Math.abs(now() / 1000 - Number(timestamp)) > tolerance) {
        throw new WebhookVerificationError('stale_timestamp', `the timestamp is outside the ${tolerance} s window`);
      }
      let payload: Record<string, unknown>;
      try {
        payload = JSON.parse(body.toString('utf8'));
      } catch {
        throw new WebhookVerificationError('mismatch', 'the body is not JSON');
      }
      if (payload.webhookId !== webhookId) throw new WebhookVerificationError('mismatch', 'the body webhookId differs from the header');
      return {
        webhookId,
        type: payload.type as WebhookEventType,
        accountId: (payload.accountId as string | null) ?? null,
        timestamp: String(payload.timestamp),
        details: payload.details,
        retryCount,
        duplicate: (await opts.dedupe?.seen(webhookId)) ?? false,
        test: payload.test === true,
        // The signature proves FAS sent these bytes; their shape is the contract's (checked by FAS's own tests).
        event: payload as unknown as WebhookEvent,
        payload,
      };
    },
  };
}
