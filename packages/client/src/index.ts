import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './generated/openapi.js';

export type { components, operations, paths };
export type FasClient = Client<paths>;

export interface FasClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** e.g. http://localhost:8080 */
  baseUrl: string;
  /** A `fas_sk_...` API key (or an admin token). */
  apiKey: string;
}

/** Typed REST client generated from openapi.yaml (openapi-fetch). */
export function createFasClient({ baseUrl, apiKey, headers, ...rest }: FasClientOptions): FasClient {
  return createClient<paths>({
    baseUrl,
    headers: { ...(headers as Record<string, string> | undefined), Authorization: `APIKey ${apiKey}` },
    ...rest,
  });
}
