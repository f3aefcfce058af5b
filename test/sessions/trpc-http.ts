import type { Harness } from '../support/harness.js';

export interface TrpcAnswer {
  status: number;
  setCookie: string | null;
  data?: any;
  error?: { message: string; data: { code: string; httpStatus: number; errors: unknown[] } };
}

/** One tRPC call over HTTP as a browser makes it (cookies and headers by hand). */
export async function trpcHttp(
  h: Harness,
  kind: 'query' | 'mutation',
  path: string,
  input: unknown,
  headers: Record<string, string> = {},
): Promise<TrpcAnswer> {
  const url = new URL(`${h.baseUrl}/trpc/${path}`);
  if (kind === 'query' && input !== undefined) url.searchParams.set('input', JSON.stringify(input));
  const res = await fetch(url, {
    method: kind === 'query' ? 'GET' : 'POST',
    headers: kind === 'mutation' ? { 'content-type': 'application/json', ...headers } : headers,
    body: kind === 'mutation' ? JSON.stringify(input ?? null) : undefined,
  });
  const json = (await res.json()) as { result?: { data: unknown }; error?: TrpcAnswer['error'] };
  return { status: res.status, setCookie: res.headers.get('set-cookie'), data: json.result?.data, error: json.error };
}

/** Headers of a same-origin dashboard write. */
export const csrf = (h: Harness) => ({ 'x-fas-csrf': '1', origin: h.baseUrl });

/** `fas_session=<secret>` from a Set-Cookie header. */
export function cookieOf(setCookie: string | null): string {
  const m = /fas_session=([^;]*)/.exec(setCookie ?? '');
  if (!m) throw new Error(`no session cookie in ${setCookie}`);
  return `fas_session=${m[1]}`;
}
