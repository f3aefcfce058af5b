import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractDocument } from '../../src/core/validation/contract-document.js';
import { activeAccount } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, restClient, startHarness } from '../support/harness.js';

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let accountId: string;
beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  accountId = await activeAccount(ws.ctx);
});
afterAll(async () => h?.close());

/** Every operation of openapi.yaml under /api/v2, with its path made concrete (random ids). */
function apiOperations(): { method: string; path: string; operationId: string }[] {
  const out: { method: string; path: string; operationId: string }[] = [];
  for (const [template, item] of Object.entries(contractDocument().paths)) {
    if (!template.startsWith('/api/v2/')) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!op?.operationId) continue;
      out.push({ method: method.toUpperCase(), path: template.replace(/\{[^}]+\}/g, () => randomUUID()), operationId: op.operationId });
    }
  }
  return out;
}

describe('query parameters the contract does not declare are refused on every operation', () => {
  const operations = apiOperations();

  it('covers the single-resource reads and the writes, not only the lists', () => {
    expect(operations.length).toBeGreaterThanOrEqual(35);
    expect(operations.map((o) => o.operationId)).toEqual(expect.arrayContaining(['getAccount', 'getTransaction', 'createAccount']));
  });

  it.each(
    operations.map((o) => [o.method, o.path.replace(/[0-9a-f-]{36}/g, '{id}'), o] as const),
  )('%s %s?foo=1 is 400 naming foo', async (_m, _p, op) => {
    const body = op.method === 'POST' || op.method === 'PATCH' ? JSON.stringify({}) : undefined;
    const res = await rawRequest(h, op.method, `${op.path}?foo=1`, {
      headers: { authorization: `APIKey ${ws.apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'foo', message: 'is not a known field' }] });
  });

  it('an existing resource with an undeclared parameter is refused too, and read without it; nothing is written', async () => {
    const auth = { headers: { authorization: `APIKey ${ws.apiKey}` } };
    const refused = await rawRequest(h, 'GET', `/api/v2/accounts/${accountId}?expand=transactions`, auth);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'expand', code: 'unknown_field', message: 'is not a known field' }]);
    expect((await rawRequest(h, 'GET', `/api/v2/accounts/${accountId}`, auth)).status).toBe(200);
    const before = await h.deps.db.account.count({ where: { workspaceId: ws.workspaceId } });
    const post = await rawRequest(h, 'POST', '/api/v2/accounts?dryRun=true', {
      headers: { ...auth.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'individual', email: 'q@example.com' }),
    });
    expect(post.status).toBe(400);
    expect(await h.deps.db.account.count({ where: { workspaceId: ws.workspaceId } })).toBe(before);
  });

  it("declared parameters are still read, and their errors are the lists' own (every one named)", async () => {
    const client = restClient(h, ws.apiKey);
    const page = await client.GET('/api/v2/accounts', { params: { query: { limit: 1 } } });
    expect(page.data).toMatchObject({ limit: 1, total: 1 });
    const both = await rawRequest(h, 'GET', '/api/v2/accounts?limit=0&foo=1', { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'foo', code: 'unknown_field', message: 'is not a known field' },
        { field: 'limit', code: 'too_small', params: { limit: 1 }, message: 'must be >= 1' },
      ]),
    );
  });

  it('without credentials the answer is 401, whatever the query', async () => {
    const res = await rawRequest(h, 'GET', `/api/v2/accounts/${accountId}?foo=1`);
    expect(res.status).toBe(401);
  });
});
