import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FasApiError, listAll, paginate } from '../../packages/client/src/index.js';
import { activeAccount, createBank, createCrypto } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, restClient, startHarness } from '../support/harness.js';

// The client package's iterators (`listAll`, `paginate`) against a live server: they follow
// `nextCursor`, so writes made while iterating neither repeat an item nor skip one.
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let account: string;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  account = await activeAccount(ws.ctx, 'iterate@example.com');
  for (let i = 0; i < 11; i++) await (i % 2 ? createBank : createCrypto)(ws.ctx, account);
});
afterAll(async () => h?.close());

describe('@fas-gateway/client listAll and paginate', () => {
  it('listAll yields every transaction once, newest first, while new ones are created between pages', async () => {
    const fas = restClient(h, ws.apiKey);
    const before = await fas.GET('/api/v2/transactions', { params: { query: { accountId: account, limit: 1000 } } });
    const existing = before.data!.data.map((t) => t.id);
    expect(existing).toHaveLength(11);
    const seen: string[] = [];
    for await (const tx of listAll(fas, '/api/v2/transactions', { limit: 3, accountId: account })) {
      seen.push(tx.id);
      // Every third item ends a page: a new transaction goes in front of the list before the next page.
      if (seen.length % 3 === 0) await createBank(ws.ctx, account);
    }
    expect(seen).toEqual(existing);
  });

  it('paginate yields the pages with their exact total and the last one with nextCursor null', async () => {
    const fas = restClient(h, ws.apiKey);
    const pages = [];
    for await (const page of paginate(fas, '/api/v2/accounts', { limit: 1, search: 'iterate@' })) pages.push(page);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ total: 1, nextCursor: null, data: [{ accountId: account }] });
    const deliveries = [];
    for await (const d of listAll(fas, '/api/v2/webhook-deliveries', { limit: 5 })) deliveries.push(d);
    expect(deliveries).toEqual([]);
  });

  it('a refused page throws a FasApiError; an aborted signal stops the loop', async () => {
    const fas = restClient(h, ws.apiKey);
    const bad = listAll(fas, '/api/v2/transactions', { limit: 2, startDate: '2025-02-30' });
    const err = await bad.next().catch((e) => e);
    expect(err).toBeInstanceOf(FasApiError);
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    const stop = new AbortController();
    let n = 0;
    const read = (async () => {
      for await (const _ of listAll(fas, '/api/v2/transactions', { limit: 2 }, { signal: stop.signal })) {
        n += 1;
        if (n === 2) stop.abort();
      }
    })();
    await expect(read).rejects.toThrow();
    expect(n).toBe(2);
  });
});
