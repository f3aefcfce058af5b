import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The abort signal of the request a database call is made for, carried through async context so
 * the driver wrappers (PostgreSQL's pool, PGlite's queue) can stop the work of a request whose
 * client has gone away without every use case passing a signal down.
 */
const requestSignal = new AsyncLocalStorage<AbortSignal>();

export function withRequestSignal<T>(signal: AbortSignal, fn: () => T): T {
  return requestSignal.run(signal, fn);
}

export function currentRequestSignal(): AbortSignal | undefined {
  return requestSignal.getStore();
}

/** Thrown instead of running a statement for a request that was abandoned. */
export class RequestAbandonedError extends Error {
  constructor() {
    super('the client went away; the request was abandoned');
    this.name = 'RequestAbandonedError';
  }
}

/** Throws when the current request was abandoned: no statement runs for a client that is gone. */
export function throwIfAbandoned(): void {
  if (currentRequestSignal()?.aborted) throw new RequestAbandonedError();
}

/** Runs `fn` outside any request, for work that only happens to be triggered by one. */
export function outsideRequest<T>(fn: () => T): T {
  return requestSignal.exit(fn);
}
