import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the database layer knows of the request a call is made for, carried through async context
 * so the driver wrappers (PostgreSQL's pool, PGlite's queue) act on it without every use case
 * passing it down: its abort signal (stop the work of a request whose client has gone away) and,
 * once known, its caller (the workspace: the unit of fair sharing, src/db/fair-share.ts).
 */
export interface RequestScope {
  signal?: AbortSignal;
  /** Set by `setDbCaller` once the request is authenticated. */
  caller?: string;
  /** Calls of a slice of a long scan (`asScan`). */
  scan?: boolean;
}

const requestScope = new AsyncLocalStorage<RequestScope>();

export function withRequestSignal<T>(signal: AbortSignal, fn: () => T): T {
  return requestScope.run({ signal }, fn);
}

/** Runs `fn` in a scope taken earlier from `currentRequestScope` (a stream's later reads). */
export function withRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return requestScope.run(scope, fn);
}

export function currentRequestScope(): RequestScope | undefined {
  return requestScope.getStore();
}

export function currentRequestSignal(): AbortSignal | undefined {
  return requestScope.getStore()?.signal;
}

/** Who the current request's database calls are for; ignored outside a request. */
export function setDbCaller(caller: string): void {
  const scope = requestScope.getStore();
  if (scope) scope.caller = caller;
}

/** The current request's caller, or undefined (before authentication, outside requests). */
export function currentDbCaller(): string | undefined {
  return requestScope.getStore()?.caller;
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
  return requestScope.exit(fn);
}

/**
 * Runs `fn` with its database calls in the scan class: statements that read many rows (a slice of
 * a long aggregate), which wait while any cheaper statement waits (src/db/fair-share.ts).
 */
export function asScan<T>(fn: () => T): T {
  return requestScope.run({ ...requestScope.getStore(), scan: true }, fn);
}

/** Whether the current call is in the scan class. */
export function currentIsScan(): boolean {
  return requestScope.getStore()?.scan === true;
}
