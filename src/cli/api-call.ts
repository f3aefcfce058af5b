/** A call to a running FAS server's API failed (not reachable, or answered an error). */
export class ApiCallError extends Error {}

export interface ApiTarget {
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  apiKey: string;
}

/** One JSON call to the REST API with the API key; an error answer becomes an ApiCallError naming the problem's code. */
export async function apiCall<T = any>(t: ApiTarget, method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(t.url + path, {
      method,
      headers: { authorization: `APIKey ${t.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiCallError(
      `cannot reach ${t.url} (${(err as Error).cause ?? (err as Error).message}); is \`fas serve\` running there? (--url)`,
    );
  }
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) throw new ApiCallError(`${method} ${path} answered ${res.status} ${json?.code ?? ''}: ${json?.detail ?? text}`.trim());
  return json as T;
}

/** The server and key of an API command: --url / FAS_URL (default the local server's PORT), --api-key / FAS_API_KEY. */
export function apiTarget(options: Record<string, unknown>, env: NodeJS.ProcessEnv): ApiTarget {
  const url = String(options.url ?? env.FAS_URL ?? `http://127.0.0.1:${env.PORT || 8080}`).replace(/\/+$/, '');
  const apiKey = String(options.apiKey ?? env.FAS_API_KEY ?? '');
  return { url, apiKey };
}
