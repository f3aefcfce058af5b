import { describe, expect, it } from 'vitest';
import { FasApiError, parseRetryAfter, unwrap } from '../../packages/client/src/index.js';
import { backoffMs, delayBeforeRetry, type Failure, mayRetry, neverSent } from '../../packages/client/src/retry.js';

/** An undici fetch failure as Node 20 throws it: `TypeError: fetch failed` with the socket error as cause. */
const fetchFailed = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) });
const answer = (status: number, code?: string): Failure => ({ kind: 'answer', status, code });
const network = (code: string): Failure => ({ kind: 'network', error: fetchFailed(code) });

describe('the client retry policy', () => {
  it('reads Retry-After as seconds or an HTTP-date', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(parseRetryAfter('1', now)).toBe(1000);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 10:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 09:59:00 GMT', now)).toBe(0);
    for (const bad of [null, undefined, '', 'soon', '-1', '1.5']) expect(parseRetryAfter(bad, now)).toBeUndefined();
  });

  it.each([
    // method, idempotency key, failure, retried
    ['GET', false, answer(503), true],
    ['GET', false, answer(429), true],
    ['GET', false, network('ECONNRESET'), true],
    ['DELETE', false, network('ECONNRESET'), true],
    ['GET', false, answer(500), false],
    ['GET', false, answer(400), false],
    ['GET', false, answer(409, 'IDEMPOTENCY_KEY_IN_USE'), false],
    ['POST', true, answer(503), true],
    ['POST', true, answer(429), true],
    ['POST', true, network('ECONNRESET'), true],
    ['POST', true, answer(409, 'IDEMPOTENCY_KEY_IN_USE'), true],
    ['POST', true, answer(409, 'IDEMPOTENCY_KEY_REUSED'), false],
    ['POST', true, answer(409, 'LIMIT_REACHED'), false],
    ['POST', true, answer(400), false],
    ['POST', true, answer(404), false],
    // Without a key, only a connection that was never made may be tried again.
    ['POST', false, answer(503), false],
    ['POST', false, answer(429), false],
    ['POST', false, network('ECONNRESET'), false],
    ['POST', false, network('UND_ERR_SOCKET'), false],
    ['POST', false, network('ECONNREFUSED'), true],
    ['POST', false, network('ENOTFOUND'), true],
    ['PATCH', true, answer(503), false],
    ['PATCH', false, network('ECONNREFUSED'), true],
  ] as const)('%s (key: %s) after %o: retried %s', (method, key, failure, retried) => {
    expect(mayRetry(method, key, failure)).toBe(retried);
  });

  it('never retries an abort or a programming error', () => {
    const aborted = new DOMException('This operation was aborted', 'AbortError');
    expect(mayRetry('GET', false, { kind: 'network', error: aborted })).toBe(false);
    expect(mayRetry('GET', false, { kind: 'network', error: new TypeError('Invalid URL') })).toBe(false);
  });

  it('knows a refused connection from one that may have delivered the request', () => {
    expect(neverSent(fetchFailed('ECONNREFUSED'))).toBe(true);
    // Happy eyeballs: every address refused.
    const both = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new AggregateError([fetchFailed('ECONNREFUSED').cause, fetchFailed('ECONNREFUSED').cause]), {
        code: 'ECONNREFUSED',
      }),
    });
    expect(neverSent(both)).toBe(true);
    expect(neverSent(fetchFailed('ECONNRESET'))).toBe(false);
    expect(neverSent(new TypeError('fetch failed'))).toBe(false);
  });

  it('waits exponentially, with jitter, capped, and never less than Retry-After', () => {
    const opts = { baseDelayMs: 500, maxDelayMs: 30_000 };
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 500, 30_000))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffMs(10, 500, 30_000)).toBe(30_000);
    // The random part adds up to as much again.
    expect(delayBeforeRetry(1, opts, undefined, 0)).toBe(500);
    expect(delayBeforeRetry(1, opts, undefined, 0.999)).toBe(1000);
    expect(delayBeforeRetry(3, opts, undefined, 0.5)).toBe(3000);
    expect(delayBeforeRetry(10, opts, undefined, 0.9)).toBe(30_000);
    // Retry-After is a floor...
    expect(delayBeforeRetry(1, opts, 7000, 0.5)).toBe(7000);
    expect(delayBeforeRetry(3, opts, 1000, 0.5)).toBe(3000);
    // ...unless it asks for more than the longest wait allowed: then the answer is returned instead.
    expect(delayBeforeRetry(1, opts, 31_000, 0.5)).toBeUndefined();
  });
});

describe('typed errors', () => {
  it('unwrap returns the data of a success and throws the problem document of a failure', () => {
    const ok = new Response('{}', { status: 201 });
    expect(unwrap({ data: { accountId: 'a' }, response: ok })).toEqual({ accountId: 'a' });
    const problem = {
      type: 'https://fas.example/problems/validation-failed',
      title: 'Invalid request',
      status: 400,
      code: 'VALIDATION_FAILED' as const,
      detail: 'email: must be a valid email address',
      errors: [{ field: 'email', code: 'invalid_format', params: { format: 'email' }, message: 'must be a valid email address' }],
      requestId: 'req-1',
    };
    const failed = new Response(JSON.stringify(problem), { status: 400, headers: { 'x-request-id': 'req-1' } });
    let thrown: unknown;
    try {
      unwrap({ error: problem, response: failed });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(FasApiError);
    expect(thrown).toMatchObject({
      name: 'FasApiError',
      message: problem.detail,
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: problem.errors,
      requestId: 'req-1',
      retryAfter: undefined,
      problem,
    });
  });

  it('carries Retry-After in seconds, and a body that is no problem document', () => {
    const limited = new Response('{}', { status: 429, headers: { 'retry-after': '3' } });
    expect(FasApiError.from({ error: { code: 'RATE_LIMITED', title: 'Too many requests' }, response: limited })).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      retryAfter: 3,
    });
    const proxy = new Response('<html>Bad gateway</html>', {
      status: 502,
      statusText: 'Bad Gateway',
      headers: { 'x-request-id': 'edge-9' },
    });
    expect(FasApiError.from({ error: '<html>Bad gateway</html>', response: proxy })).toMatchObject({
      status: 502,
      code: 'UNEXPECTED_RESPONSE',
      message: '502 Bad Gateway',
      errors: [],
      requestId: 'edge-9',
      problem: undefined,
    });
  });
});
