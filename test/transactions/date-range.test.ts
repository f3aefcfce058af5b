import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAccount, at, createBank } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';

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
