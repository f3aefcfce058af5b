import type { FastifyInstance } from 'fastify';
import { API_POLICY } from '../http/csp.js';

/**
 * The usual security headers on every response. Runs at send time and never replaces a header a
 * route set itself (HTML pages bring their own Content-Security-Policy); JSON and other non-HTML
 * answers get a policy that allows nothing.
 */
export function securityHeaders(app: FastifyInstance, opts: { hsts: boolean }): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const set = (name: string, value: string) => {
      if (!reply.hasHeader(name)) reply.header(name, value);
    };
    set('x-content-type-options', 'nosniff');
    set('x-frame-options', 'DENY');
    set('referrer-policy', 'no-referrer');
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) set('content-security-policy', API_POLICY);
    if (opts.hsts) set('strict-transport-security', 'max-age=31536000');
    return payload;
  });
}
