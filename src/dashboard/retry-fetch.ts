/**
 * A `fetch` that answers a 503 or 429 carrying `Retry-After` by waiting and trying again, so a
 * page under load shows its data a little later instead of an error. Such answers come from load
 * shedding and rate limits, which refuse a request before it runs, so a retried write is not
 * done twice. Gives up (and passes the last answer on) after `attempts` tries or when the server
 * asks for a longer wait than `maxWaitMs`.
 */
export function retryingFetch(
  opts: { attempts?: number; maxWaitMs?: number; fetch?: typeof fetch; sleep?: (ms: number) => Promise<void> } = {},
): typeof fetch {
  const attempts = opts.attempts ?? 4;
  const maxWaitMs = opts.maxWaitMs ?? 10_000;
  const doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return async (input, init) => {
    for (let attempt = 1; ; attempt++) {
      const res = await doFetch(input, init);
      const wait = retryAfterMs(res);
      if (wait === undefined || attempt >= attempts || wait > maxWaitMs || init?.signal?.aborted) return res;
      // A little jitter, so the clients a busy server refused at once do not all return at once.
      await sleep(wait + Math.floor(Math.random() * 250));
    }
  };
}

/** The wait a 503/429 asks for, in ms (seconds or an HTTP date); undefined for any other answer. */
export function retryAfterMs(res: Response, now = Date.now()): number | undefined {
  if (res.status !== 503 && res.status !== 429) return undefined;
  const header = res.headers.get('retry-after');
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
