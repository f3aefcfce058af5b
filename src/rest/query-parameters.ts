import type { FastifyInstance } from 'fastify';
import { contractDocument } from '../core/validation/contract-document.js';
import { checkOperationQuery } from '../core/validation/validators.js';

/** The operationId of `method route` in openapi.yaml (`route` as Fastify spells it, `:param`); null when none. */
function operationIdOf(method: string, route: string): string | null {
  const template = route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const verb = method === 'HEAD' ? 'get' : method.toLowerCase();
  return contractDocument().paths[template]?.[verb]?.operationId ?? null;
}

/**
 * Every operation in this scope refuses query parameters its contract does not declare (`400`,
 * each one named, as the lists always did), and checks the declared ones, before its handler
 * runs: a single-resource GET (`/api/v2/accounts/{id}?foo=1`) is refused like a list. Driven by
 * openapi.yaml, so a new operation gets it by declaring its parameters. This is the query's one
 * validation: its typed result is what the handler reads.
 */
export function refuseUndeclaredQuery(app: FastifyInstance): void {
  const operations = new Map<string, string | null>();
  app.addHook('preValidation', async (request) => {
    const route = request.routeOptions.url;
    if (!route) return;
    const key = `${request.method} ${route}`;
    let operationId = operations.get(key);
    if (operationId === undefined) {
      operationId = operationIdOf(request.method, route);
      operations.set(key, operationId);
    }
    // The validated query (defaults applied, integers parsed) replaces the raw one: the handler's
    // use case recognises it and does not validate it a second time.
    if (operationId) request.query = checkOperationQuery(operationId, request.query);
  });
}
