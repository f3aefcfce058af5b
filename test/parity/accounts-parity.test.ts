import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, restClient, startHarness, trpcClient } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const ACCOUNT_FIELDS = 'accountId type email reference status createdAt updatedAt';

/** One scenario, three protocols: each returns plain data or `{ error: code, fields }`. */
function protocols(secret: string) {
  const rest = restClient(h, secret);
  const trpc = trpcClient(h, secret);
  const trpcError = (e: any) => ({ error: e.data.code, fields: e.data.errors });
  const gqlError = (r: any) => ({ error: r.errors[0].extensions.code, fields: r.errors[0].extensions.errors });
  return {
    rest: {
      create: async (body: any): Promise<any> => {
        const r = await rest.POST('/api/v2/accounts', { body });
        return r.error ? { error: r.error.code, fields: r.error.errors ?? [] } : r.data;
      },
      get: async (accountId: string): Promise<any> => {
        const r = await rest.GET('/api/v2/accounts/{accountId}', { params: { path: { accountId } } });
        return r.error ? { error: r.error.code, fields: r.error.errors ?? [] } : r.data;
      },
      list: async (query: any): Promise<any> => {
        const r = await rest.GET('/api/v2/accounts', { params: { query } });
        return r.error ? { error: r.error.code, fields: r.error.errors ?? [] } : r.data;
      },
    },
    trpc: {
      create: (body: any) => trpc.accounts.create.mutate(body).catch(trpcError),
      get: (accountId: string) => trpc.accounts.get.query({ accountId }).catch(trpcError),
      list: (query: any) => trpc.accounts.list.query(query).catch(trpcError),
    },
    graphql: {
      create: async (body: any) => {
        const r = await graphql(h, secret, `mutation($input: CreateAccountInput!) { createAccount(input: $input) { ${ACCOUNT_FIELDS} } }`, {
          input: body,
        });
        return r.errors ? gqlError(r) : r.data.createAccount;
      },
      get: async (accountId: string) => {
        // The single read carries the balances (Account.balances in openapi.yaml).
        const r = await graphql(h, secret, `query($id: ID!) { account(accountId: $id) { ${ACCOUNT_FIELDS} balances { currency } } }`, {
          id: accountId,
        });
        if (r.errors) return gqlError(r);
        return r.data.account ?? { error: 'NOT_FOUND', fields: [] };
      },
      list: async (query: any) => {
        const r = await graphql(
          h,
          secret,
          `query($page: Int, $limit: Int, $status: AccountStatus, $search: String, $after: String) {
            accounts(page: $page, limit: $limit, status: $status, search: $search, after: $after) {
              page limit total nextCursor data { ${ACCOUNT_FIELDS} }
            }
          }`,
          query,
        );
        return r.errors ? gqlError(r) : r.data.accounts;
      },
    },
  };
}

describe('accounts: REST, tRPC and GraphQL agree', () => {
  it('create, get, list with filters and pagination, a validation error, a not-found', async () => {
    const ws = await workspaceFactory(h.deps);
    const p = protocols(ws.apiKey);
    const created: Record<string, any> = {};
    for (const [name, api] of Object.entries(p)) {
      created[name] = await api.create({ type: 'individual', email: `${name}@example.com`, reference: `via-${name}` });
      expect(created[name]).toMatchObject({ type: 'individual', status: 'pending', reference: `via-${name}` });
    }
    const strip = (a: any) => ({
      ...a,
      accountId: undefined,
      email: undefined,
      reference: undefined,
      createdAt: undefined,
      updatedAt: undefined,
    });
    expect(strip(created.trpc)).toEqual(strip(created.rest));
    expect(strip(created.graphql)).toEqual(strip(created.rest));

    const first = await p.rest.list({ limit: 1, search: 'example.com' });
    expect(first.nextCursor).toEqual(expect.any(String));
    const cursor: string = first.nextCursor;
    const results = await Promise.all(
      Object.values(p).map(async (api) => ({
        first: await api.list({ limit: 1, search: 'example.com' }),
        next: await api.list({ limit: 2, search: 'example.com', after: cursor }),
        badCursor: await api.list({ after: `${cursor.slice(0, -2)}${cursor.endsWith('xx') ? 'yy' : 'xx'}` }),
        cursorOtherFilters: await api.list({ after: cursor, search: 'example.co' }),
        cursorWithPage: await api.list({ after: cursor, search: 'example.com', page: 2 }),
        get: await api.get(created.rest.accountId),
        list: await api.list({ page: 2, limit: 1, status: 'pending', search: 'example.com' }),
        searched: await api.list({ search: 'VIA-TRPC' }),
        invalid: await api.create({ type: 'individual', email: 'not-an-email' }),
        invalidList: await api.list({ limit: 5000 }),
        missing: await api.get('00000000-0000-4000-8000-000000000000'),
      })),
    );
    const [rest, trpc, gql] = results;
    expect(rest!.get).toEqual({ ...created.rest, balances: [] });
    expect(rest!.list).toMatchObject({ page: 2, limit: 1, total: 3 });
    // The cursor continues where the first page ended: the two other accounts, and the end.
    expect(rest!.next.data.map((a: any) => a.accountId)).toEqual([created.trpc.accountId, created.rest.accountId]);
    expect(rest!.next).toMatchObject({ total: 3, nextCursor: null });
    expect(rest!.badCursor.error).toBe('VALIDATION_FAILED');
    expect(rest!.badCursor.fields).toEqual([expect.objectContaining({ field: 'after', message: expect.stringContaining('altered') })]);
    expect(rest!.cursorOtherFilters.fields).toEqual([
      expect.objectContaining({ field: 'after', message: expect.stringContaining('other filters') }),
    ]);
    expect(rest!.cursorWithPage.fields).toEqual([
      expect.objectContaining({ field: 'page', message: expect.stringContaining('with after') }),
    ]);
    expect(rest!.searched.data.map((a: any) => a.accountId)).toEqual([created.trpc.accountId]);
    expect(rest!.invalid).toEqual({
      error: 'VALIDATION_FAILED',
      fields: [{ field: 'email', code: 'invalid_format', params: { format: 'email' }, message: 'must be a valid email address' }],
    });
    expect(rest!.invalidList).toEqual({
      error: 'VALIDATION_FAILED',
      fields: [{ field: 'limit', code: 'too_large', params: { limit: 1000 }, message: 'must be <= 1000' }],
    });
    expect(rest!.missing).toEqual({ error: 'NOT_FOUND', fields: [] });
    expect(trpc).toEqual(rest);
    expect(gql).toEqual(rest);
  });

  it('an admin token works on all three protocols too', async () => {
    const ws = await workspaceFactory(h.deps);
    for (const api of Object.values(protocols(ws.adminToken))) {
      expect(await api.list({})).toMatchObject({ total: 0, page: 1, limit: 100 });
    }
  });
});

describe('tenant isolation in every protocol', () => {
  it("workspace B can neither read, list, search nor guess A's accounts", async () => {
    const a = await workspaceFactory(h.deps);
    const b = await workspaceFactory(h.deps);
    const mine = await protocols(a.apiKey).rest.create({ type: 'individual', email: 'secret-a@example.com', reference: 'a-only' });
    for (const [name, api] of Object.entries(protocols(b.apiKey))) {
      expect(await api.get(mine.accountId), name).toEqual({ error: 'NOT_FOUND', fields: [] });
      expect(await api.list({}), name).toMatchObject({ total: 0, data: [] });
      expect(await api.list({ search: 'secret-a' }), name).toMatchObject({ total: 0 });
      expect(await api.list({ search: mine.accountId }), name).toMatchObject({ total: 0 });
    }
    const bGraphqlNull = await graphql(h, b.apiKey, 'query($id: ID!) { account(accountId: $id) { email } }', { id: mine.accountId });
    expect(bGraphqlNull.data.account).toBeNull();
    expect(bGraphqlNull.errors).toBeUndefined();
    for (const api of Object.values(protocols(a.apiKey))) {
      expect(await api.get(mine.accountId)).toMatchObject({ email: 'secret-a@example.com' });
    }
  });
});
