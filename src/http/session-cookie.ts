import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ABSOLUTE_MS } from '../core/sessions/session-policy.js';

export const SESSION_COOKIE = 'fas_session';
/** Mutations authenticated by the cookie must carry this header (a cross-site form cannot). */
export const CSRF_HEADER = 'x-fas-csrf';

/** The session cookie's value, if the request carries one. */
export function readSessionCookie(req: FastifyRequest): string | undefined {
  return readCookie(req, SESSION_COOKIE);
}

/** Cookie `name`'s value as sent (a session secret is base64url, anything else simply matches no session). */
export function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function secure(req: FastifyRequest, publicUrl: string): boolean {
  return req.protocol === 'https' || publicUrl.startsWith('https:');
}

/** HttpOnly (scripts never see it), SameSite=Strict (never sent cross-site), Secure under https. */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, publicUrl: string, secret: string): void {
  const attrs = [
    `${SESSION_COOKIE}=${secret}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${Math.floor(SESSION_ABSOLUTE_MS / 1000)}`,
  ];
  if (secure(req, publicUrl)) attrs.push('Secure');
  reply.header('set-cookie', attrs.join('; '));
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply, publicUrl: string): void {
  const attrs = [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Strict', 'Max-Age=0'];
  if (secure(req, publicUrl)) attrs.push('Secure');
  reply.header('set-cookie', attrs.join('; '));
}

/**
 * CSRF defence for cookie-authenticated mutations, on top of SameSite=Strict: the custom header
 * must be present and, when the browser sends Origin, it must be this server's (as the request
 * reached it, or FAS_PUBLIC_URL).
 */
export function sameOriginWrite(req: FastifyRequest, publicUrl: string): boolean {
  if (req.headers[CSRF_HEADER] !== '1') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const own = `${req.protocol}://${req.headers.host ?? ''}`;
  return origin === own || origin === new URL(publicUrl).origin;
}
