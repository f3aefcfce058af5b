import type { FastifyInstance } from 'fastify';

export interface TimeoutOptions {
  /** The request line and headers must arrive within this (408 and close otherwise). */
  headersMs: number;
  /** The whole request, body included (answered 408, then closed). */
  requestMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
}

/**
 * Slow-client limits. Node checks header and request deadlines on a timer (30 s by default), so a
 * client trickling a byte a second could outlive the limit by that much: check every second.
 * Must run before `listen`, where Node starts that timer.
 */
export function serverTimeouts(app: FastifyInstance, t: TimeoutOptions): void {
  const server = app.server as typeof app.server & { connectionsCheckingInterval: number };
  server.headersTimeout = t.headersMs;
  server.requestTimeout = t.requestMs;
  server.keepAliveTimeout = t.keepAliveMs;
  server.connectionsCheckingInterval = Math.max(100, Math.min(1000, Math.floor(t.headersMs / 4)));
}
