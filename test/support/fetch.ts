/**
 * `fetch`, sent once more when the connection was reset before any answer came. A kept-alive
 * connection that the server closes as idle just as the client reuses it resets the next request:
 * a race every HTTP client has, made likely in tests, where client and server share a CPU and the
 * client's own idle timer can fire late. A reset the server causes on purpose happens again and still fails.
 */
export async function fetchRetryingReset(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const again = input instanceof Request ? input.clone() : input;
  try {
    return await fetch(input, init);
  } catch (err) {
    if (!isReset(err)) throw err;
    return fetch(again, init);
  }
}

function isReset(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  return (
    cause?.code === 'ECONNRESET' ||
    cause?.code === 'EPIPE' ||
    cause?.code === 'UND_ERR_SOCKET' ||
    /other side closed/.test(cause?.message ?? '')
  );
}
