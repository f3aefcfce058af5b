import isNetworkError from 'is-network-error';
import pRetry from 'p-retry';
import { FasNetworkError, parseRetryAfter } from './errors.js';

export interface RetryOptions {
  /** Attempts in all, the first included (default 3); 1 never retries. */
  attempts?: number;
  /** Wait before the first retry (default 500 ms); doubled for each further retry, plus up to as much again at random. */
  baseDelayMs?: number;
  /**
   * Longest single wait (default 30 s). An answer whose `Retry-After` asks for longer is returned
   * to the caller instead of being retried early.
   */
  maxDelayMs?: number;
  /** Called before each retry (not before the first attempt), e.g. to log it. */
  onRetry?: (info: RetryInfo) => void | Promise<void>;
}

export interface RetryInfo {
  method: string;
  url: string;
  /** The attempt that failed (1 for the first). */
  attempt: number;
  /** How long the client now waits before the next attempt. */
  delayMs: number;
  /** The failed attempt's answer status (429, 503, 409), when it was an answer. */
  status?: number;
  /** The network error, when there was no answer. */
  error?: unknown;
  /** The answer's `Retry-After`, in milliseconds. */
  retryAfterMs?: number;
  /** The `Idempotency-Key` every attempt of this call carries, if any. */
  idempotencyKey?: string;
}

export const retryDefaults = { attempts: 3, baseDelayMs: 500, maxDelayMs: 30_000 } as const;

/** What a failed attempt was: an answer worth retrying, or no answer at all. */
export type Failure = { kind: 'answer'; status: number; code?: string; retryAfterMs?: number } | { kind: 'network'; error: unknown };

// Methods whose repetition changes nothing more than one execution does (RFC 9110 9.2.2).
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
// Failures to connect: the request never left this machine, so even a POST without a key is safe to send again.
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function errorCodes(err: unknown, depth = 0): string[] {
  if (!err || typeof err !== 'object' || depth > 3) return [];
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown };
  const own = typeof e.code === 'string' ? [e.code] : [];
  const nested = Array.isArray(e.errors) ? e.errors.flatMap((x) => errorCodes(x, depth + 1)) : [];
  return [...own, ...errorCodes(e.cause, depth + 1), ...nested];
}

/** A failure to reach the server (not an abort, not a programming error such as a bad URL). */
export function isNetworkFailure(err: unknown): boolean {
  if (!(err instanceof Error) || err.name === 'AbortError' || err.name === 'TimeoutError') return false;
  // Undici's `TypeError: fetch failed` and the browsers' equivalents; other fetch implementations throw coded errors.
  if (err instanceof TypeError) return isNetworkError(err);
  return errorCodes(err).length > 0;
}

/** The connection was never made: nothing reached the server. */
export function neverSent(err: unknown): boolean {
  const codes = errorCodes(err);
  return codes.length > 0 && codes.every((c) => NOT_SENT.has(c));
}

/**
 * Whether a failed attempt may be sent again. A request that cannot take effect twice (GET, PUT,
 * DELETE..., or a POST carrying an `Idempotency-Key`, which the server replays) is retried after
 * 429 and 503 answers and network errors; a keyed POST also after `409 IDEMPOTENCY_KEY_IN_USE`
 * (its first attempt is still running). Anything else (a POST without a key, a PATCH) only when
 * the connection was never made: once the request may have reached the server, a retry could
 * repeat its effect.
 */
export function mayRetry(method: string, hasIdempotencyKey: boolean, failure: Failure): boolean {
  const upper = method.toUpperCase();
  const repeatable = IDEMPOTENT_METHODS.has(upper) || (upper === 'POST' && hasIdempotencyKey);
  if (failure.kind === 'network') return isNetworkFailure(failure.error) && (repeatable || neverSent(failure.error));
  if (!repeatable) return false;
  if (failure.status === 429 || failure.status === 503) return true;
  return failure.status === 409 && failure.code === 'IDEMPOTENCY_KEY_IN_USE' && upper === 'POST';
}

/** The exponential backoff before retry `n` (1-based), as p-retry computes it without its randomisation. */
export function backoffMs(n: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(Math.round(baseDelayMs * 2 ** (n - 1)), maxDelayMs);
}

/**
 * The whole wait before retry `n`: the backoff plus up to as much again at random (so clients
 * that failed together do not come back together), at most `maxDelayMs`, and never shorter than
 * the server's `Retry-After`. Undefined when `Retry-After` asks for more than `maxDelayMs`.
 */
export function delayBeforeRetry(
  n: number,
  opts: { baseDelayMs: number; maxDelayMs: number },
  retryAfterMs: number | undefined,
  random: number = Math.random(),
): number | undefined {
  if (retryAfterMs !== undefined && retryAfterMs > opts.maxDelayMs) return undefined;
  const jittered = Math.min(Math.round(backoffMs(n, opts.baseDelayMs, opts.maxDelayMs) * (1 + random)), opts.maxDelayMs);
  return Math.max(jittered, retryAfterMs ?? 0);
}

/** An answer that is worth another attempt (thrown inside p-retry, returned to the caller if the attempts run out). */
class RetryableAnswer extends Error {
  constructor(
    readonly response: Response,
    readonly failure: Failure & { kind: 'answer' },
  ) {
    super(`answered ${response.status}`);
  }
}

async function describeAnswer(response: Response): Promise<Failure & { kind: 'answer' }> {
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  let code: string | undefined;
  if (response.status === 409) {
    try {
      code = ((await response.clone().json()) as { code?: string }).code;
    } catch {}
  }
  return { kind: 'answer', status: response.status, code, retryAfterMs };
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (ms <= 0) return resolve();
    const done = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * `fetch` that sends a request again after a failure `mayRetry` allows, waiting as
 * `delayBeforeRetry` says. The loop and the exponential part of the wait are p-retry's; the
 * random part and any longer `Retry-After` are waited in its `onFailedAttempt`, so p-retry's own
 * wait (its backoff, unrandomised) plus ours is exactly the delay announced to `onRetry`.
 * Every attempt sends a fresh copy of the same request, so a POST's `Idempotency-Key` is the
 * same on all of them.
 */
/** The `fetch` openapi-fetch calls: a Request (and optional init, for undici's dispatcher). */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

export function retryingFetch(baseFetch: FetchLike, options: RetryOptions): FetchLike {
  const attempts = Math.max(1, Math.floor(options.attempts ?? retryDefaults.attempts));
  const baseDelayMs = Math.max(0, options.baseDelayMs ?? retryDefaults.baseDelayMs);
  const maxDelayMs = Math.max(baseDelayMs, options.maxDelayMs ?? retryDefaults.maxDelayMs);
  return async (request, init) => {
    const idempotencyKey = request.headers.get('idempotency-key') ?? undefined;
    const signal = request.signal;
    let made = 0;
    let next: number | undefined;
    try {
      return await pRetry(
        async () => {
          made++;
          const response = await baseFetch(request.clone(), init);
          if (response.status !== 429 && response.status !== 503 && response.status !== 409) return response;
          const failure = await describeAnswer(response);
          if (!mayRetry(request.method, idempotencyKey !== undefined, failure)) return response;
          throw new RetryableAnswer(response, failure);
        },
        {
          retries: attempts - 1,
          minTimeout: baseDelayMs,
          maxTimeout: maxDelayMs,
          factor: 2,
          randomize: false,
          signal,
          onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
            next = undefined;
            const failure: Failure = error instanceof RetryableAnswer ? error.failure : { kind: 'network', error };
            if (retriesLeft <= 0 || !mayRetry(request.method, idempotencyKey !== undefined, failure)) return;
            const retryAfterMs = failure.kind === 'answer' ? failure.retryAfterMs : undefined;
            const delayMs = delayBeforeRetry(attemptNumber, { baseDelayMs, maxDelayMs }, retryAfterMs);
            if (delayMs === undefined) return;
            next = delayMs;
            // The answer is dropped: free its connection now.
            if (error instanceof RetryableAnswer) await error.response.body?.cancel().catch(() => {});
            await options.onRetry?.({
              method: request.method,
              url: request.url,
              attempt: attemptNumber,
              delayMs,
              ...(failure.kind === 'answer' ? { status: failure.status, retryAfterMs } : { error }),
              idempotencyKey,
            });
            await sleep(delayMs - backoffMs(attemptNumber, baseDelayMs, maxDelayMs), signal);
          },
          shouldRetry: () => next !== undefined,
        },
      );
    } catch (err) {
      if (err instanceof RetryableAnswer) return err.response;
      if (signal.aborted || !isNetworkFailure(err)) throw err;
      throw new FasNetworkError({ method: request.method, url: request.url, attempts: made, cause: err });
    }
  };
}
