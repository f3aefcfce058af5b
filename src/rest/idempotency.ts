import type { FastifyInstance } from 'fastify';
import { claimIdempotencyKey, settleIdempotencyKey } from '../core/idempotency/idempotency-store.js';
import { contractDocument } from '../core/validation/contract-document.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

/** The documented success status of `POST route` (the route as Fastify spells it, `:param`). */
function successStatusOf(route: string): number {
  const template = route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const responses = (contractDocument().paths[template]?.post as { responses?: Record<string, unknown> } | undefined)?.responses ?? {};
  const success = Object.keys(responses).find((code) => /^2\d\d$/.test(code));
  return success ? Number(success) : 200;
}

/**
 * A replayed problem names the replaying request in `requestId`, as its `X-Request-Id` header
 * does (openapi.yaml "Idempotency"); a success body has no request id and is replayed as stored.
 */
function withRequestId(body: string, requestId: string): string {
  try {
    return JSON.stringify({ ...(JSON.parse(body) as object), requestId });
  } catch {
    return body;
  }
}

/**
 * `Idempotency-Key` for every POST in this scope: claim before the handler, replay a stored
 * answer, and record the answer on the way out. Registered once, so new POST routes get it.
 */
export function idempotentPosts(app: FastifyInstance): void {
  app.decorateRequest('idempotencyKey', null);
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || key === undefined) return;
    const value = Array.isArray(key) ? key.join(',') : key;
    const path = request.url.split('?')[0] ?? request.url;
    const claim = await claimIdempotencyKey(request.ctx, { key: value, method: 'POST', path, body: request.body });
    if (claim.kind === 'replay') {
      return reply
        .code(claim.statusCode)
        .header('idempotent-replayed', 'true')
        .type(claim.statusCode >= 400 ? 'application/problem+json' : 'application/json')
        .send(claim.statusCode >= 400 ? withRequestId(claim.body, request.id) : claim.body);
    }
    request.idempotencyKey = value;
    // Use cases that write through inTransaction store their success answer with the change.
    request.ctx.idempotency = { key: value, successStatus: successStatusOf(request.routeOptions.url ?? path), recorded: false };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key) return payload;
    request.idempotencyKey = null;
    if (request.ctx.idempotency?.recorded) return payload;
    await settleIdempotencyKey(request.ctx, key, reply.statusCode, typeof payload === 'string' ? payload : String(payload));
    return payload;
  });
}
