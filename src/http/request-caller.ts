import type { FastifyRequest } from 'fastify';
import { type Authenticated, authenticate, cachedAuthentication } from '../core/auth/authenticate.js';
import type { Deps, RequestOrigin } from '../core/context.js';
import { type ResumedSession, resumeSession } from '../core/sessions/resume-session.js';
import { routedPath } from './routed-path.js';
import { readSessionCookie } from './session-cookie.js';

/** Who a request is, worked out once: the rate limiter asks first, the protocol adapter reuses the answer. */
export interface RequestCaller {
  /** The `Authorization` header's answer (rejected when the header is missing or invalid). */
  header?: Promise<Authenticated>;
  /** The dashboard session cookie's answer. */
  session?: Promise<ResumedSession>;
  /** Set once an answer succeeded: the caller is known (metrics keep GraphQL operation names of such callers only). */
  authenticated?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    fasCaller?: RequestCaller;
  }
}

function callerOf(request: FastifyRequest): RequestCaller {
  if (!request.fasCaller) request.fasCaller = {};
  return request.fasCaller;
}

const known = <T>(request: FastifyRequest, answer: Promise<T>): Promise<T> =>
  answer.then((value) => {
    callerOf(request).authenticated = true;
    return value;
  });

/** `authenticate` of the request's `Authorization` header, once per request. */
export function authenticateRequest(deps: Deps, request: FastifyRequest): Promise<Authenticated> {
  const caller = callerOf(request);
  caller.header ??= known(request, authenticate(deps, request.headers.authorization));
  return caller.header;
}

/** `resumeSession` of the request's session cookie, once per request. */
export function resumeRequestSession(deps: Deps, request: FastifyRequest, secret: string): Promise<ResumedSession> {
  const caller = callerOf(request);
  caller.session ??= known(request, resumeSession(deps, secret));
  return caller.session;
}

const identityOf = (actor: Authenticated['actor']): string | undefined =>
  actor.kind === 'api_key' ? `key:${actor.apiKeyId}` : actor.kind === 'admin' ? `admin:${actor.adminId}` : undefined;

/** The identity of a request whose `Authorization` credential is in the credential cache (no query), else undefined. */
export function knownIdentity(deps: Deps, request: FastifyRequest): string | undefined {
  const hit = cachedAuthentication(deps, request.headers.authorization);
  return hit ? identityOf(hit.actor) : undefined;
}

/** Where the dashboard's session cookie authenticates: tRPC and the dashboard's downloads (src/pages/dashboard-export.ts). */
const SESSION_ROUTES = /^\/(trpc|dashboard\/export\/)/;

/**
 * The rate limiter's identity of a request: the API key, or the admin behind a token or a dashboard
 * session (one bucket per person, whichever way they come); undefined when the credential is missing
 * or invalid (the request is then limited by its address).
 */
export async function limitIdentity(deps: Deps, request: FastifyRequest): Promise<string | undefined> {
  try {
    const cookie = request.headers.authorization ? undefined : readSessionCookie(request);
    if (!request.headers.authorization && !cookie) return undefined;
    const who =
      cookie && SESSION_ROUTES.test(routedPath(request))
        ? await resumeRequestSession(deps, request, cookie)
        : await authenticateRequest(deps, request);
    return identityOf(who.actor);
  } catch {
    return undefined;
  }
}

/** The request as the audit log records it: its id (`X-Request-Id`) and the client's address. */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  return { requestId: String(request.id), clientAddress: request.ip };
}
