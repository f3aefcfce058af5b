import type { TRPCClient } from '@trpc/client';
import { getErrorShape, getTRPCErrorFromUnknown } from '@trpc/server';
import { type AppRouter, appRouter } from '../../src/trpc/router.js';
import type { Harness } from './harness.js';

/** A failed call as the HTTP client reports it: the message and `data` of the router's error formatter. */
export class TrpcCallError extends Error {
  constructor(
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

/** What crosses the wire (no transformer): JSON, so dates and undefined fields arrive as over HTTP. */
const overTheWire = (value: unknown) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * The dashboard's router called in this process through tRPC's `createCaller` (no HTTP, no
 * serialization of a request), as `secret` (a token or API key in `Authorization`), with the same
 * interface as `trpcClient` (`caller.accounts.list.query(input)`) and the same error shape. For
 * tests of what procedures do; the adapter itself (cookies, CSRF, batching, statuses) is tested
 * over HTTP.
 */
export function trpcCaller(h: Harness, secret: string | undefined): TRPCClient<AppRouter> {
  const ctx = { deps: h.deps, authorization: secret ? `Bearer ${secret}` : undefined, requestId: 'in-process' };
  const caller = appRouter.createCaller(ctx);
  const call = async (path: string[], type: 'query' | 'mutation', input: unknown) => {
    const procedure = path.reduce<any>((node, key) => node[key], caller) as (input: unknown) => Promise<unknown>;
    const sent = overTheWire(input);
    try {
      return overTheWire(await procedure(sent));
    } catch (err) {
      const error = getTRPCErrorFromUnknown(err);
      const shape = getErrorShape({ config: appRouter._def._config, error, type, path: path.join('.'), input: sent, ctx });
      throw new TrpcCallError(shape.message, shape.data);
    }
  };
  const node = (path: string[]): unknown =>
    new Proxy(
      {},
      {
        get: (_target, key: string) => {
          if (key === 'query') return (input: unknown) => call(path, 'query', input);
          if (key === 'mutate') return (input: unknown) => call(path, 'mutation', input);
          return node([...path, key]);
        },
      },
    );
  return node([]) as TRPCClient<AppRouter>;
}
