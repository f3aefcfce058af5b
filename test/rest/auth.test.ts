import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../src/core/workspaces/revoke-api-key.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, rawRequest, startHarness, trpcClient } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

describe('authentication', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['unknown scheme', 'Basic dXNlcjpwYXNz'],
    ['scheme without key', 'APIKey'],
    ['wrong prefix', 'APIKey sk_live_abcdefabcdefabcdefabcdefabcdefab'],
    ['right shape, unknown key', 'APIKey fas_sk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['too long', `APIKey fas_sk_${'A'.repeat(500)}`],
  ])('REST: %s credentials are 401 with WWW-Authenticate', async (_name, header) => {
    const res = await rawRequest(h, 'GET', '/api/v2/accounts', { headers: header === undefined ? {} : { authorization: header } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
    expect(res.headers.get('www-authenticate')).toMatch(/APIKey/);
    if (header) expect(JSON.stringify(res.body)).not.toContain(header.split(' ')[1] ?? '#');
  });

  it('accepts APIKey and Bearer, and admin tokens, case-insensitive scheme', async () => {
    const ws = await workspaceFactory(h.deps);
    for (const header of [`APIKey ${ws.apiKey}`, `Bearer ${ws.apiKey}`, `apikey ${ws.apiKey}`, `Bearer ${ws.adminToken}`]) {
      const res = await rawRequest(h, 'GET', '/api/v2/accounts', { headers: { authorization: header } });
      expect(res.status, header.split(' ')[0]).toBe(200);
    }
  });

  it('a revoked key stops working at once in every protocol', async () => {
    const ws = await workspaceFactory(h.deps);
    await revokeApiKey(ws.ctx, { apiKeyId: ws.apiKeyId });
    const rest = await rawRequest(h, 'GET', '/api/v2/accounts', { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(rest.status).toBe(401);
    await expect(trpcClient(h, ws.apiKey).accounts.list.query({})).rejects.toMatchObject({
      data: { code: 'UNAUTHENTICATED', httpStatus: 401 },
    });
    const gql = await graphql(h, ws.apiKey, '{ accounts { total } }');
    expect(gql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(gql.data).toBeNull();
  });

  it('keys are stored hashed: the database never holds the secret', async () => {
    const ws = await workspaceFactory(h.deps);
    const key = await h.deps.db.apiKey.findUniqueOrThrow({ where: { id: ws.apiKeyId } });
    expect(JSON.stringify(key)).not.toContain(ws.apiKey.slice(12));
    expect(key.keyHash).toMatch(/^[0-9a-f]{64}$/);
    const tokens = await h.deps.db.adminToken.findMany({ where: { admin: { workspaceId: ws.workspaceId } } });
    expect(JSON.stringify(tokens)).not.toContain(ws.adminToken.slice(12));
  });
});

describe('analysts are read-only in every protocol', () => {
  it('REST: 403 FORBIDDEN on create, 200 on list', async () => {
    const ws = await workspaceFactory(h.deps);
    const headers = { authorization: `Bearer ${ws.analystToken}`, 'content-type': 'application/json' };
    const res = await rawRequest(h, 'POST', '/api/v2/accounts', { headers, body: JSON.stringify({ type: 'individual', email: 'a@b.co' }) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect((await rawRequest(h, 'GET', '/api/v2/accounts', { headers })).status).toBe(200);
    expect(await h.deps.db.account.count({ where: { workspaceId: ws.workspaceId } })).toBe(0);
  });

  it('tRPC and GraphQL: FORBIDDEN on create', async () => {
    const ws = await workspaceFactory(h.deps);
    await expect(trpcClient(h, ws.analystToken).accounts.create.mutate({ type: 'individual', email: 'a@b.co' })).rejects.toMatchObject({
      data: { code: 'FORBIDDEN', httpStatus: 403 },
    });
    const gql = await graphql(h, ws.analystToken, 'mutation { createAccount(input: {type: individual, email: "a@b.co"}) { accountId } }');
    expect(gql.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await h.deps.db.account.count({ where: { workspaceId: ws.workspaceId } })).toBe(0);
    expect((await graphql(h, ws.analystToken, '{ accounts { total } }')).data.accounts.total).toBe(0);
  });
});

describe('transport edges', () => {
  it('unknown routes are 404 problems with a request id', async () => {
    const res = await rawRequest(h, 'GET', '/api/v3/nothing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'ROUTE_NOT_FOUND', status: 404 });
    expect(res.body.requestId).toBe(res.headers.get('x-request-id'));
    // Whatever the body holds (found by the fuzz test: a dot segment the client removed from a path).
    for (const body of ['{not json', '{}', '['.repeat(5000)]) {
      const post = await rawRequest(h, 'POST', '/api/v2/webhook-targets/enable', { headers: { 'content-type': 'application/json' }, body });
      expect(post.status).toBe(404);
      expect(post.body).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
  });

  it('a path parameter over 200 characters is 414 before routing, on a path with no operation too', async () => {
    const res = await rawRequest(h, 'PATCH', `/api/v2/accounts/${'a'.repeat(201)}`);
    expect(res.status).toBe(414);
    expect(res.body).toMatchObject({ code: 'URI_TOO_LONG' });
  });

  it('a malformed percent-encoding is 400 before routing, on a path with no operation too', async () => {
    for (const path of ['/api/v2/accounts/%', '/api/v2/accounts/%F0%9F%98']) {
      const res = await rawRequest(h, 'PATCH', path);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'MALFORMED_REQUEST' });
    }
  });

  it('ignores a trailing slash, as openapi.yaml documents (the response is validated as the list)', async () => {
    const ws = await workspaceFactory(h.deps);
    const res = await rawRequest(h, 'GET', '/api/v2/accounts/', { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: [], page: 1, total: 0 });
  });

  it('keeps a sane caller request id and replaces an unsafe one', async () => {
    const ok = await rawRequest(h, 'GET', '/healthz', { headers: { 'x-request-id': 'trace-123' } });
    expect(ok.headers.get('x-request-id')).toBe('trace-123');
    const bad = await rawRequest(h, 'GET', '/healthz', { headers: { 'x-request-id': 'a b<script>' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('health, readiness and the contract are public', async () => {
    expect((await rawRequest(h, 'GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await rawRequest(h, 'GET', '/readyz')).body).toEqual({ status: 'ok', database: 'ok' });
    const spec = await rawRequest(h, 'GET', '/openapi.yaml');
    expect(spec.status).toBe(200);
    expect(spec.body).toContain('openapi: 3.1.0');
  });

  it('tRPC: unknown procedure and malformed input are clear 4xx', async () => {
    const ws = await workspaceFactory(h.deps);
    const unknown = await fetch(`${h.baseUrl}/trpc/accounts.nothing`, { headers: { authorization: `Bearer ${ws.apiKey}` } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).error.data.code).toBe('ROUTE_NOT_FOUND');
    const bad = await fetch(`${h.baseUrl}/trpc/accounts.list?input=%7Bnot-json`, { headers: { authorization: `Bearer ${ws.apiKey}` } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.data.code).toBe('MALFORMED_REQUEST');
  });

  it('GraphQL: a malformed query is a 4xx with a code, not a 500', async () => {
    const ws = await workspaceFactory(h.deps);
    const res = await graphql(h, ws.apiKey, '{ accounts { nope } }');
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
