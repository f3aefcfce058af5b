import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAccount, at, createBank } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, rawRequest, startHarness, trpcClient } from '../support/harness.js';

describe('date filters over HTTP', () => {
  let h: Harness;
  let key: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    h = await startHarness();
    const ws = await workspaceFactory(h.deps);
    key = ws.apiKey;
    const accountId = await activeAccount(ws.ctx);
    for (const iso of [
      '2025-02-28T23:59:59.999Z',
      '2025-03-01T00:00:00.000Z',
      '2025-03-01T12:00:00.000Z',
      '2025-03-01T23:59:59.999Z',
      '2025-03-02T00:00:00.000Z',
    ]) {
      ids[iso] = (await createBank(at(ws.ctx, iso), accountId)).id;
    }
  });
  afterAll(async () => h?.close());

  const list = async (query: string) => {
    const res = await rawRequest(h, 'GET', `/api/v2/transactions?${query}`, { headers: { authorization: `APIKey ${key}` } });
    return res;
  };
  const createdAt = async (query: string) => ((await list(query)).body.data as { createdAt: string }[]).map((t) => t.createdAt).sort();

  it.each([
    ['startDate=2025-03-01&endDate=2025-03-01', ['2025-03-01T00:00:00.000Z', '2025-03-01T12:00:00.000Z', '2025-03-01T23:59:59.999Z']],
    [
      'endDate=2025-03-01',
      ['2025-02-28T23:59:59.999Z', '2025-03-01T00:00:00.000Z', '2025-03-01T12:00:00.000Z', '2025-03-01T23:59:59.999Z'],
    ],
    ['startDate=2025-03-01T12:00:00', ['2025-03-01T12:00:00.000Z', '2025-03-01T23:59:59.999Z', '2025-03-02T00:00:00.000Z']],
    ['startDate=2025-03-01T14:00:00%2B02:00&endDate=2025-03-01T12:00:00.001Z', ['2025-03-01T12:00:00.000Z']],
    ['startDate=2025-02-28T19:00:00-05:00&endDate=2025-02-28T23:59:59.999-05:00', ['2025-03-01T00:00:00.000Z']],
    ['startDate=2025-03-01T05:00:00%2B05:00&endDate=2025-03-01T17:00:00%2B05:00', ['2025-03-01T00:00:00.000Z', '2025-03-01T12:00:00.000Z']],
    ['startDate=2025-03-01T23:59:59.999Z&endDate=2025-03-02T00:00:00Z', ['2025-03-01T23:59:59.999Z', '2025-03-02T00:00:00.000Z']],
  ])('%s', async (query, expected) => {
    expect(await createdAt(query)).toEqual(expected);
  });

  it.each([
    ['startDate=2025-02-30', 'startDate'],
    ['endDate=2025-13-01', 'endDate'],
    ['startDate=2025-03-01T25:00:00', 'startDate'],
    ['startDate=last%20week', 'startDate'],
    ['startDate=2025-03-01T10:00:00Z&endDate=2025-03-01T10:00:00Z', 'endDate'],
    ['startDate=2025-03-02&endDate=2025-03-01', 'endDate'],
  ])('%s is 400 naming %s', async (query, field) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe('date filters: any number of fraction digits, up to 255 characters, on every protocol', () => {
  let h: Harness;
  let ws: Awaited<ReturnType<typeof workspaceFactory>>;
  beforeAll(async () => {
    h = await startHarness();
    ws = await workspaceFactory(h.deps);
    const accountId = await activeAccount(ws.ctx);
    await createBank(at(ws.ctx, '2025-03-01T12:00:00.123Z'), accountId);
    await createBank(at(ws.ctx, '2025-03-01T12:00:00.124Z'), accountId);
  });
  afterAll(async () => h?.close());

  // 255 characters in all: the fraction says .123 then 231 more digits (kept to the millisecond).
  const longest = `2025-03-01T12:00:00.123${'9'.repeat(255 - '2025-03-01T12:00:00.123Z'.length)}Z`;
  const tooLong = longest.replace('.123', '.1230');

  it('a 255-character bound is read to the millisecond through REST, tRPC and GraphQL alike', async () => {
    expect(longest).toHaveLength(255);
    // .123999... is 12:00:00.123 (digits past the millisecond are dropped, not rounded up).
    const query = { startDate: '2025-03-01', endDate: longest };
    const rest = await rawRequest(h, 'GET', `/api/v2/transactions?${new URLSearchParams(query)}`, {
      headers: { authorization: `APIKey ${ws.apiKey}` },
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.data.map((t: { createdAt: string }) => t.createdAt)).toEqual(['2025-03-01T12:00:00.123Z']);
    const from = await rawRequest(h, 'GET', `/api/v2/transactions?startDate=${longest}`, {
      headers: { authorization: `APIKey ${ws.apiKey}` },
    });
    expect(from.body.data.map((t: { createdAt: string }) => t.createdAt)).toEqual(['2025-03-01T12:00:00.124Z', '2025-03-01T12:00:00.123Z']);
    const trpc = await trpcClient(h, ws.apiKey).transactions.list.query(query);
    expect(trpc.data.map((t) => t.createdAt)).toEqual(['2025-03-01T12:00:00.123Z']);
    const gql = await graphql(h, ws.apiKey, 'query($f: TransactionFilter) { transactions(filter: $f) { data { createdAt } } }', {
      f: query,
    });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.transactions.data).toEqual([{ createdAt: '2025-03-01T12:00:00.123Z' }]);
  });

  it('256 characters is 400 naming the parameter, the same on the three protocols', async () => {
    expect(tooLong).toHaveLength(256);
    const expected = [{ field: 'startDate', code: 'too_long', params: { limit: 255 }, message: 'must be at most 255 characters' }];
    const rest = await rawRequest(h, 'GET', `/api/v2/transactions?startDate=${tooLong}`, {
      headers: { authorization: `APIKey ${ws.apiKey}` },
    });
    expect(rest.status).toBe(400);
    expect(rest.body.errors).toEqual(expected);
    const trpc = await trpcClient(h, ws.apiKey)
      .transactions.list.query({ startDate: tooLong })
      .catch((e) => e);
    expect(trpc.data).toMatchObject({ code: 'VALIDATION_FAILED', errors: expected });
    const gql = await graphql(h, ws.apiKey, 'query($f: TransactionFilter) { transactions(filter: $f) { total } }', {
      f: { startDate: tooLong },
    });
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: expected });
  });
});
