import type { components } from './generated/openapi.js';

export type Problem = components['schemas']['Problem'];
export type ErrorCode = components['schemas']['ErrorCode'];
export type FieldError = components['schemas']['FieldError'];

/**
 * `Retry-After` (RFC 9110 10.2.3) in milliseconds from `now`: delta-seconds or an HTTP-date
 * (a date in the past is 0). Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP-date names its day or month (`Wed, 25 Nov 2026 10:00:07 GMT`); Date.parse alone takes `-1` too.
  const at = /^[A-Za-z]{3}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

const isProblem = (body: unknown): body is Problem =>
  typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string';

/**
 * An API answer that is not a success, with its problem document (RFC 9457) unpacked. Thrown by
 * `unwrap`; `FasApiError.from(result)` builds one from any non-2xx `{ error, response }`.
 */
export class FasApiError extends Error {
  /** HTTP status of the answer. */
  readonly status: number;
  /** The problem's stable `code`; `UNEXPECTED_RESPONSE` when the body was no problem document (a proxy's page). */
  readonly code: ErrorCode | 'UNEXPECTED_RESPONSE';
  /** Field problems (`[]` when the error is not about fields). */
  readonly errors: FieldError[];
  /** The request id to quote to support: the problem's `requestId`, else the `X-Request-Id` header. */
  readonly requestId: string | undefined;
  /** Seconds to wait before trying again, from `Retry-After` (429 and 503 answers carry it). */
  readonly retryAfter: number | undefined;
  /** The problem document as received, when there was one. */
  readonly problem: Problem | undefined;
  readonly response: Response;

  constructor(response: Response, body: unknown) {
    const problem = isProblem(body) ? body : undefined;
    super(problem?.detail ?? problem?.title ?? `${response.status} ${response.statusText}`.trim());
    this.name = 'FasApiError';
    this.status = response.status;
    this.code = problem?.code ?? 'UNEXPECTED_RESPONSE';
    this.errors = problem?.errors ?? [];
    this.requestId = problem?.requestId ?? response.headers.get('x-request-id') ?? undefined;
    const wait = parseRetryAfter(response.headers.get('retry-after'));
    this.retryAfter = wait === undefined ? undefined : Math.ceil(wait / 1000);
    this.problem = problem;
    this.response = response;
  }

  /** The error of a non-2xx result of any client call. */
  static from(result: { error?: unknown; response: Response }): FasApiError {
    return new FasApiError(result.response, result.error);
  }
}

/** No answer at all (connection refused or reset, DNS failure...), after the retries allowed. */
export class FasNetworkError extends Error {
  /** Attempts made, the first included. */
  readonly attempts: number;
  readonly method: string;
  readonly url: string;

  constructor(opts: { method: string; url: string; attempts: number; cause: unknown }) {
    const reason = describeCause(opts.cause);
    super(`${opts.method} ${opts.url} failed after ${opts.attempts} attempt(s): ${reason}`, { cause: opts.cause });
    this.name = 'FasNetworkError';
    this.attempts = opts.attempts;
    this.method = opts.method;
    this.url = opts.url;
  }
}

function describeCause(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } })?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : (err as { code?: unknown })?.code;
  const message = (err as Error)?.message ?? String(err);
  return typeof code === 'string' ? `${code} (${message})` : message;
}

/**
 * The data of a successful call, or a thrown `FasApiError`:
 * `const account = unwrap(await fas.POST('/api/v2/accounts', { body }))`.
 */
export function unwrap<R extends { data?: unknown; error?: unknown; response: Response }>(result: R): Exclude<R['data'], undefined> {
  if (result.response.ok) return result.data as Exclude<R['data'], undefined>;
  throw FasApiError.from(result);
}
