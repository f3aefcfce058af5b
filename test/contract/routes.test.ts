import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractDocument } from '../../src/core/validation/contract-document.js';
import { createMetrics } from '../../src/server/metrics.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';

/**
 * Routes the server has on purpose outside openapi.yaml, each a protocol or a page with its own
 * description in the README: the dashboard SPA, its downloads (the session-cookie twins of the
 * export operations), its session-cookie file route for document previews and the asset of /docs
 * ("In a browser"), tRPC and GraphQL (their own schemas: src/trpc/router.ts, schema.graphql).
 */
const NOT_IN_CONTRACT = [
  'GET /dashboard',
  'GET /dashboard/*',
  'GET /dashboard/export/transactions.csv',
  'GET /dashboard/export/accounts.csv',
  'GET /dashboard/export/audit-log.csv',
  'GET /dashboard/export/audit-log.ndjson',
  'GET /dashboard/kyc/:accountId/documents/:documentId/content',
  'GET /docs/redoc.standalone.js',
  '* /trpc/:path',
  '* /graphql',
];

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** `METHOD /path/:param` for every operation under `paths:` of the contract. */
function contractRoutes(): Map<string, string> {
  const routes = new Map<string, string>();
  for (const [path, item] of Object.entries(contractDocument().paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op?.operationId) routes.set(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`, op.operationId);
    }
  }
  return routes;
}

const added: { method: string; url: string }[] = [];
let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    // /metrics exists only with a token; the hook records every route as the server adds it.
    app: (database) => ({
      metrics: { metrics: createMetrics({ sql: database.sql }, database), token: 'metrics-token-for-the-route-test' },
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) added.push({ method, url: route.url });
      },
    }),
  });
});

afterAll(async () => h?.close());

describe('the REST server and openapi.yaml describe the same routes', () => {
  it('finds the operations of the contract (sanity: the parsing reads them all)', () => {
    expect(contractRoutes().size).toBeGreaterThanOrEqual(40);
    expect(contractRoutes().get('GET /api/v2/transactions')).toBe('listTransactions');
  });

  it.each([...contractRoutes()])('%s (%s) is routed by the server with that method and path', (route) => {
    const [method, url] = route.split(' ') as [string, string];
    expect(h.app.hasRoute({ method, url }), route).toBe(true);
  });

  it('every route of the server is in the contract, except the documented non-API ones', () => {
    const documented = contractRoutes();
    const isExcepted = (method: string, url: string) =>
      NOT_IN_CONTRACT.includes(`${method} ${url}`) || NOT_IN_CONTRACT.includes(`* ${url}`);
    const getUrls = new Set(added.filter((r) => r.method === 'GET').map((r) => r.url));
    const undocumented = added
      // HEAD answers every GET (Fastify adds it); OPTIONS of /graphql and /trpc are covered by `*`.
      .filter((r) => !(r.method === 'HEAD' && getUrls.has(r.url)))
      .filter((r) => !documented.has(`${r.method} ${r.url}`) && !isExcepted(r.method, r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(undocumented).toEqual([]);
    // The exceptions are real routes: a stale entry here would hide nothing but mislead.
    for (const entry of NOT_IN_CONTRACT) {
      const [method, url] = entry.split(' ') as [string, string];
      expect(
        added.some((r) => r.url === url && (method === '*' || r.method === method)),
        entry,
      ).toBe(true);
    }
  });

  it.each([...contractRoutes()])('%s answers as the contract documents it, not as an unknown route', async (route) => {
    const [method, template] = route.split(' ') as [string, string];
    const path = template
      .replace(/:token/, 'x'.repeat(43))
      .replace(/:file/, 'verify.js')
      .replace(/:[A-Za-z]+/g, () => randomUUID());
    const headers: Record<string, string> = method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' };
    // No credentials: the route answers (401, 404 of a resource, 400...) and rawRequest checks the answer against the contract.
    const res = await rawRequest(h, method, path, { headers, ...(headers['content-type'] ? { body: '{}' } : {}) });
    expect(res.body?.code, `${route} -> ${res.status}`).not.toBe('ROUTE_NOT_FOUND');
  });
});
