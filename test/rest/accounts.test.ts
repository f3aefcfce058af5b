import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, restClient, startHarness } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const json = (key: string, extra: Record<string, string> = {}) => ({
  authorization: `APIKey ${key}`,
  'content-type': 'application/json',
  ...extra,
});

describe('POST /api/v2/accounts', () => {
  it('creates a pending account and answers 201 with it', async () => {
    const ws = await workspaceFactory(h.deps);
    const client = restClient(h, ws.apiKey);
    const { data, response } = await client.POST('/api/v2/accounts', {
      body: { type: 'individual', email: 'jane@example.com', reference: 'cust-1' },
    });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({ type: 'individual', email: 'jane@example.com', reference: 'cust-1', status: 'pending' });
    expect(data?.createdAt).toBe(data?.updatedAt);
    const got = await client.GET('/api/v2/accounts/{accountId}', { params: { path: { accountId: data!.accountId } } });
    expect(got.data).toEqual({ ...data, balances: [] }); // the single read adds the balances (none yet)
  });

  it('stores a missing reference as null', async () => {
    const ws = await workspaceFactory(h.deps);
    const { data } = await restClient(h, ws.apiKey).POST('/api/v2/accounts', { body: { type: 'business', email: 'b@example.com' } });
    expect(data?.reference).toBeNull();
  });

  const valid = { type: 'individual', email: 'ok@example.com', reference: 'r' };
  it.each([
    ['type missing', { email: 'a@example.com' }, 'type', 'is required'],
    ['type unknown', { ...valid, type: 'person' }, 'type', 'must be one of: individual, business'],
    ['type wrong type', { ...valid, type: 1 }, 'type', 'must be of type string'],
    ['email missing', { type: 'individual' }, 'email', 'is required'],
    ['email not an email', { ...valid, email: 'not-an-email' }, 'email', 'must be a valid email address'],
    ['email empty', { ...valid, email: '' }, 'email', 'must be at least 3 characters'],
    ['email too long', { ...valid, email: `${'a'.repeat(250)}@b.co` }, 'email', 'must be at most 254 characters'],
    ['email wrong type', { ...valid, email: ['a@b.co'] }, 'email', 'must be of type string'],
    ['reference empty', { ...valid, reference: '' }, 'reference', 'must be at least 1 characters'],
    ['reference too long', { ...valid, reference: 'r'.repeat(256) }, 'reference', 'must be at most 255 characters'],
    ['reference null', { ...valid, reference: null }, 'reference', 'must be of type string'],
    ['unknown field', { ...valid, status: 'active' }, 'status', 'is not a known field'],
    ['nested unknown field', { ...valid, extra: { a: 1 } }, 'extra', 'is not a known field'],
  ])('400 when %s, naming the field, storing nothing', async (_name, body, field, message) => {
    const ws = await workspaceFactory(h.deps);
    const res = await rawRequest(h, 'POST', '/api/v2/accounts', { headers: json(ws.apiKey), body: JSON.stringify(body) });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, message }));
    expect(await h.deps.db.account.count({ where: { workspaceId: ws.workspaceId } })).toBe(0);
  });

  it('accepts the boundary lengths (reference 255, email 254)', async () => {
    const ws = await workspaceFactory(h.deps);
    const email = `${'a'.repeat(242)}@example.com`;
    expect(email.length).toBe(254);
    const res = await rawRequest(h, 'POST', '/api/v2/accounts', {
      headers: json(ws.apiKey),
      body: JSON.stringify({ type: 'individual', email, reference: 'r'.repeat(255) }),
    });
    expect(res.status).toBe(201);
  });

  it.each([
    ['malformed JSON', '{"type": "individual",', 'application/json', 400, 'MALFORMED_REQUEST'],
    ['empty body with JSON type', '', 'application/json', 400, 'MALFORMED_REQUEST'],
    ['a JSON array', '[]', 'application/json', 400, 'VALIDATION_FAILED'],
    ['a JSON string', '"x"', 'application/json', 400, 'VALIDATION_FAILED'],
    ['JSON null', 'null', 'application/json', 400, 'VALIDATION_FAILED'],
    ['form encoding', 'type=individual', 'application/x-www-form-urlencoded', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['plain text', '{}', 'text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    [
      'a prototype-polluting key',
      '{"__proto__": {"x": 1}, "type": "individual", "email": "a@b.co"}',
      'application/json',
      400,
      'MALFORMED_REQUEST',
    ],
  ])('%s is a clear 4xx, never 500', async (_name, body, contentType, status, code) => {
    const ws = await workspaceFactory(h.deps);
    const res = await rawRequest(h, 'POST', '/api/v2/accounts', {
      headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': contentType },
      body,
    });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(await h.deps.db.account.count({ where: { workspaceId: ws.workspaceId } })).toBe(0);
  });

  it('413 for a body over 1 MiB', async () => {
    const ws = await workspaceFactory(h.deps);
    const res = await rawRequest(h, 'POST', '/api/v2/accounts', {
      headers: json(ws.apiKey),
      body: JSON.stringify({ type: 'individual', email: 'a@b.co', reference: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('GET /api/v2/accounts/{accountId}', () => {
  it('404 for an unknown id, 400 for a malformed one', async () => {
    const ws = await workspaceFactory(h.deps);
    const client = restClient(h, ws.apiKey);
    const missing = await client.GET('/api/v2/accounts/{accountId}', {
      params: { path: { accountId: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.code).toBe('NOT_FOUND');
    const bad = await client.GET('/api/v2/accounts/{accountId}', { params: { path: { accountId: 'nope' } } });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.errors).toEqual([
      { field: 'accountId', code: 'invalid_format', params: { format: 'uuid' }, message: 'must be a UUID' },
    ]);
  });
});

describe('GET /api/v2/accounts', () => {
  async function seeded() {
    const ws = await workspaceFactory(h.deps);
    const client = restClient(h, ws.apiKey);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const { data } = await client.POST('/api/v2/accounts', {
        body: { type: i % 2 ? 'business' : 'individual', email: `user${i}@Example.com`, reference: `ref-${i}` },
      });
      ids.push(data!.accountId);
    }
    await h.deps.db.account.updateMany({ where: { id: ids[0] }, data: { status: 'active' } });
    return { ws, client, ids };
  }

  it('pages newest first with an exact total, defaults page 1 limit 100', async () => {
    const { client, ids } = await seeded();
    const all = await client.GET('/api/v2/accounts');
    expect(all.data).toMatchObject({ page: 1, limit: 100, total: 7 });
    const order = all.data!.data.map((a) => a.accountId);
    expect(order).toHaveLength(7);
    const sorted = [...all.data!.data].sort((a, b) =>
      a.createdAt === b.createdAt ? (a.accountId < b.accountId ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
    );
    expect(order).toEqual(sorted.map((a) => a.accountId));
    expect(new Set(order)).toEqual(new Set(ids));
    const p2 = await client.GET('/api/v2/accounts', { params: { query: { page: 2, limit: 3 } } });
    expect(p2.data).toMatchObject({ page: 2, limit: 3, total: 7 });
    expect(p2.data!.data.map((a) => a.accountId)).toEqual(order.slice(3, 6));
    const last = await client.GET('/api/v2/accounts', { params: { query: { page: 3, limit: 3 } } });
    expect(last.data!.data.map((a) => a.accountId)).toEqual(order.slice(6));
    const past = await client.GET('/api/v2/accounts', { params: { query: { page: 9, limit: 3 } } });
    expect(past.data).toEqual({ data: [], page: 9, limit: 3, total: 7, nextCursor: null });
    expect(p2.data!.nextCursor).toEqual(expect.any(String));
    expect(last.data!.nextCursor).toBeNull();
  });

  it('filters by status and by case-insensitive search, combined with AND', async () => {
    const { client, ids } = await seeded();
    const active = await client.GET('/api/v2/accounts', { params: { query: { status: 'active' } } });
    expect(active.data!.data.map((a) => a.accountId)).toEqual([ids[0]]);
    const search = await client.GET('/api/v2/accounts', { params: { query: { search: 'USER3@example' } } });
    expect(search.data!.data.map((a) => a.accountId)).toEqual([ids[3]]);
    const byRef = await client.GET('/api/v2/accounts', { params: { query: { search: 'ref-' } } });
    expect(byRef.data!.total).toBe(7);
    const both = await client.GET('/api/v2/accounts', { params: { query: { search: 'ref-', status: 'pending' } } });
    expect(both.data!.total).toBe(6);
    const byId = await client.GET('/api/v2/accounts', { params: { query: { search: ids[5]!.toUpperCase() } } });
    expect(byId.data!.data.map((a) => a.accountId)).toEqual([ids[5]]);
  });

  it.each([
    ['page=0', 'page', 'must be >= 1'],
    ['page=-1', 'page', 'must be >= 1'],
    ['page=abc', 'page', 'must be an integer'],
    ['page=1.5', 'page', 'must be an integer'],
    ['page=', 'page', 'must be an integer'],
    ['page=1&page=2', 'page', 'must be an integer'],
    ['limit=0', 'limit', 'must be >= 1'],
    ['limit=1001', 'limit', 'must be <= 1000'],
    ['limit=ten', 'limit', 'must be an integer'],
    ['status=closed', 'status', 'must be one of: pending, needs_update, in_review, active, rejected'],
    ['search=ab', 'search', 'must be at least 3 characters'],
    [`search=${'a'.repeat(256)}`, 'search', 'must be at most 255 characters'],
    ['sort=createdAt', 'sort', 'is not a known field'],
  ])('400 for %s naming the parameter', async (query, field, message) => {
    const ws = await workspaceFactory(h.deps);
    const res = await rawRequest(h, 'GET', `/api/v2/accounts?${query}`, { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, message }));
  });

  it('accepts limit 1 and 1000', async () => {
    const { client } = await seeded();
    expect((await client.GET('/api/v2/accounts', { params: { query: { limit: 1 } } })).data!.data).toHaveLength(1);
    expect((await client.GET('/api/v2/accounts', { params: { query: { limit: 1000 } } })).data!.data).toHaveLength(7);
  });
});
