import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './generated/openapi.js';
import { type FetchLike, type RetryOptions, retryingFetch } from './retry.js';

export type { ErrorCode, FieldError, Problem } from './errors.js';
export { FasApiError, FasNetworkError, parseRetryAfter, unwrap } from './errors.js';
export type { CursorListPath, ListFilters, ListItem, ListPage, PaginateOptions } from './paginate.js';
export { listAll, paginate } from './paginate.js';
export type { RetryInfo, RetryOptions } from './retry.js';
export { retryDefaults } from './retry.js';
export type { components, operations, paths };
export type FasClient = Client<paths>;

export interface FasClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** e.g. http://localhost:8080 */
  baseUrl: string;
  /** A `fas_sk_...` API key (or an admin token). */
  apiKey: string;
  /**
   * Retries of 429, 503 and network errors (README "Retries"); `false` sends every request once.
   * Default: 3 attempts, 500 ms doubling to at most 30 s, with jitter, never before `Retry-After`.
   */
  retry?: RetryOptions | false;
  /**
   * Adds an `Idempotency-Key` (a random UUID) to every POST that has none, the same on each of the
   * call's attempts, so a retried create is not done twice (default true). A key given with the
   * call (`params: { header: { 'Idempotency-Key': ... } }`) is kept. With `false`, a POST without a
   * key is retried only when the connection could not be made.
   */
  idempotencyKeys?: boolean;
}

/** One key per call: onRequest runs once per call, the retries happen below it in `fetch`. */
const idempotencyKeyMiddleware: Middleware = {
  onRequest({ request }) {
    if (request.method === 'POST' && !request.headers.has('idempotency-key')) {
      request.headers.set('Idempotency-Key', crypto.randomUUID());
    }
    return request;
  },
};

/**
 * Typed REST client generated from openapi.yaml (openapi-fetch), retrying what is safe to retry.
 * Retries live in the client's `fetch` rather than in a middleware: a middleware cannot send a
 * request again through the other middlewares, so they see one request and its final answer.
 */
export function createFasClient({ baseUrl, apiKey, headers, retry, idempotencyKeys, fetch: given, ...rest }: FasClientOptions): FasClient {
  const base: FetchLike = given ?? ((input, init) => globalThis.fetch(input, init));
  const client = createClient<paths>({
    baseUrl,
    headers: { ...(headers as Record<string, string> | undefined), Authorization: `APIKey ${apiKey}` },
    fetch: retry === false ? base : retryingFetch(base, retry ?? {}),
    ...rest,
  });
  if (idempotencyKeys !== false) client.use(idempotencyKeyMiddleware);
  return client;
}
