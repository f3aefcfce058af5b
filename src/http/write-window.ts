import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../core/context.js';
import { readCookie, secure } from './session-cookie.js';

const WROTE_COOKIE = 'fas_wrote';

/**
 * Read-your-writes for the dashboard: a browser that has just written reads from the primary for
 * as long as a replica may lag behind it (the cookie's lifetime), so the list it refetches shows its
 * change; its reads go back to replicas after that. Without replicas there is nothing to set.
 */
export function markWrite(req: FastifyRequest, reply: FastifyReply, deps: Deps): void {
  if (!deps.replicas) return;
  const attrs = [`${WROTE_COOKIE}=1`, 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${Math.ceil(deps.replicas.maxLagMs / 1000)}`];
  if (secure(req, deps.publicUrl)) attrs.push('Secure');
  reply.header('set-cookie', attrs.join('; '));
}

/** True while the caller's own recent write may not have reached the replicas yet. */
export function wroteRecently(req: FastifyRequest | undefined): boolean {
  return req !== undefined && readCookie(req, WROTE_COOKIE) !== undefined;
}
