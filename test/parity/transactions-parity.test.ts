import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateBankDeposit } from '../../src/core/transactions/simulate-bank-deposit.js';
import { activeAccount, at, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, rawRequest, restClient, startHarness, trpcClient } from '../support/harness.js';
import { comparable, GRAPHQL_TRANSACTION, transactionFromGraphql } from './compare.js';

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let accounts: string[];
beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  accounts = [
    await activeAccount(ws.ctx, 'a@example.com'),
    await activeAccount(ws.ctx, 'b@example.com'),
    await activeAccount(ws.ctx, 'c@example.com'),
  ];
  let day = 1;
  for (const accountId of accounts) {
    const when = () => at(ws.ctx, `2025-03-${String(day++).padStart(2, '0')}T12:00:00Z`);
    await createBank(when(), accountId, { amount: '10.00' });
    await createCrypto(when(), accountId, { amount: '1' });
    await createTrade(when(), accountId);
    await simulateBankDeposit(when(), { accountId, amount: '5.50', coin: 'USD', instrumentType: 'wire', addenda: ['x'] }).catch(
      () => undefined,
    );
  }
});
afterAll(async () => h?.close());

async function viaGraphql(secret: string, filter: Record<string, unknown>, page?: number, limit?: number, after?: string) {
  const r = await graphql(
    h,
    secret,
    `query($filter: TransactionFilter, $page: Int, $limit: Int, $after: String) {
      transactions(filter: $filter, page: $page, limit: $limit, after: $after) { page limit total nextCursor data { ${GRAPHQL_TRANSACTION} } }
    }`,
    { filter, page, limit, after },
  );
  if (r.errors) return { error: r.errors[0]!.extensions?.code, fields: r.errors[0]!.extensions?.errors };
  return r.data.transactions;
}

describe('transactions: REST, tRPC and GraphQL agree', () => {
  it.each([
    [{}, 1, 100],
    [{ transactionType: 'bank' }, 1, 2],
    [{ coin: 'usd', startDate: '2025-03-02', endDate: '2025-03-09' }, 2, 3],
    [{ status: 'pending', search: 'b@example' }, 1, 10],
  ])('the same page for %j page %i limit %i', async (filter, page, limit) => {
    const rest = await restClient(h, ws.apiKey).GET('/api/v2/transactions', { params: { query: { ...filter, page, limit } as never } });
    const trpc = await trpcClient(h, ws.apiKey).transactions.list.query({ ...filter, page, limit } as never);
    const gql = await viaGraphql(ws.apiKey, filter, page, limit);
    expect(trpc).toEqual(rest.data);
    expect(rest.data!.data.length).toBeGreaterThan(0);
    // The whole page, every field of every transaction: GraphQL selects all its fields (a field it
    // lacks or adds fails here); absent optional fields are null there and left out in REST.
    expect(comparable({ ...gql, data: gql.data.map(transactionFromGraphql) })).toEqual(comparable(rest.data));
  });

  it('the same validation errors', async () => {
    const rest = await rawRequest(h, 'GET', '/api/v2/transactions?startDate=2025-02-30&limit=0', {
      headers: { authorization: `APIKey ${ws.apiKey}` },
    });
    const trpc = await trpcClient(h, ws.apiKey)
      .transactions.list.query({ startDate: '2025-02-30', limit: 0 })
      .catch((e) => e);
    const gql = await viaGraphql(ws.apiKey, { startDate: '2025-02-30' }, 1, 0);
    expect(rest.body.code).toBe('VALIDATION_FAILED');
    expect(trpc.data.code).toBe('VALIDATION_FAILED');
    expect(gql.error).toBe('VALIDATION_FAILED');
    expect(trpc.data.errors).toEqual(rest.body.errors);
    expect(gql.fields).toEqual(rest.body.errors);
  });

  it('nested accounts load without N+1 (one batched query per request)', async () => {
    const before = h.queryCount();
    const r = await graphql(h, ws.analystToken, '{ transactions(limit: 100) { total data { id account { accountId email status } } } }');
    const used = h.queryCount() - before;
    expect(r.data.transactions.data.length).toBeGreaterThanOrEqual(12);
    expect(new Set(r.data.transactions.data.map((t: any) => t.account.email))).toEqual(
      new Set(['a@example.com', 'b@example.com', 'c@example.com']),
    );
    // authentication, page, count, one batched account query
    expect(used).toBeLessThanOrEqual(4);
  });

  it('transactionStats: counts by the groups asked; no sums across currencies (null without COIN)', async () => {
    const byType = await graphql(
      h,
      ws.analystToken,
      '{ transactionStats(groupBy: [TYPE]) { transactionType coin count amount fee total } }',
    );
    const rows = byType.data.transactionStats;
    const bank = rows.find((r: any) => r.transactionType === 'bank');
    expect(bank).toEqual({ transactionType: 'bank', coin: null, count: 6, amount: null, fee: null, total: null });
    const bankUsd = await graphql(
      h,
      ws.analystToken,
      '{ transactionStats(groupBy: [TYPE, COIN], filter: { transactionType: bank }) { coin count amount fee total } }',
    );
    expect(bankUsd.data.transactionStats).toEqual([{ coin: 'USD', count: 6, amount: '46.50', fee: '0.75', total: '47.25' }]);
    const byCoinMonth = await graphql(
      h,
      ws.analystToken,
      '{ transactionStats(groupBy: [COIN, MONTH, STATUS], filter: { transactionType: crypto }) { coin month status count amount fee total } }',
    );
    expect(byCoinMonth.data.transactionStats).toEqual([
      { coin: 'ETH', month: '2025-03', status: 'pending', count: 3, amount: '3.00000000', fee: '0.00600000', total: '3.00600000' },
    ]);
    const bad = await graphql(h, ws.analystToken, '{ transactionStats(groupBy: [DAY], filter: { startDate: "nope" }) { count } }');
    expect(bad.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
  });

  it("transactionStats by COIN: a trade's quantity under its base currency, its fee and total under its quote (never added to BTC)", async () => {
    const trades = await h.deps.db.transaction.findMany({
      where: { workspaceId: ws.workspaceId, transactionType: 'trade' },
      select: { amount: true, fee: true, total: true, coin: true, quoteCurrency: true },
    });
    expect(trades.map((t) => [t.coin, t.quoteCurrency])).toEqual([
      ['BTC', 'USD'],
      ['BTC', 'USD'],
      ['BTC', 'USD'],
    ]);
    const sum = (k: 'amount' | 'fee' | 'total') => trades.reduce((s, t) => s + Number(t[k]), 0);
    const query =
      '{ transactionStats(groupBy: [COIN, TYPE], filter: { transactionType: trade }) { coin transactionType count amount fee total } }';
    const gql = (await graphql(h, ws.analystToken, query)).data.transactionStats;
    expect(gql).toHaveLength(2);
    const [btc, usd] = gql;
    expect(btc).toMatchObject({ coin: 'BTC', transactionType: 'trade', count: 3, fee: '0', total: '0' });
    expect(Number(btc.amount)).toBeCloseTo(sum('amount'), 8);
    // The quote row counts no transaction (each is counted once, under its base currency) but holds their fees and totals.
    expect(usd).toMatchObject({ coin: 'USD', transactionType: 'trade', count: 0, amount: '0' });
    expect(Number(usd.fee)).toBeCloseTo(sum('fee'), 2);
    expect(Number(usd.total)).toBeCloseTo(sum('total'), 2);
    // tRPC gives the same rows.
    const viaTrpc = await trpcClient(h, ws.analystToken).transactions.stats.query({
      groupBy: ['COIN', 'TYPE'],
      filter: { transactionType: 'trade' },
    });
    expect(viaTrpc).toEqual(gql.map((r: any) => ({ ...r, status: null, day: null, month: null })));
    // A bad groupBy is a field error in every protocol, not a crash.
    const bad = await trpcClient(h, ws.analystToken)
      .transactions.stats.query({ groupBy: 'COIN' } as never)
      .catch((e) => e);
    expect(bad.data).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'groupBy' }] });
  });

  it('depth and cost limits refuse abusive queries before they run', async () => {
    const before = h.queryCount();
    const deep = await graphql(
      h,
      ws.apiKey,
      '{ transactions { data { account { bankingVerification { address { city } } } } } a: transactions { data { account { bankingVerification { document { idDocumentType } } } } } }',
    );
    expect(deep.errors).toBeUndefined();
    const fields = Array.from({ length: 120 }, (_, i) => `f${i}: id`).join(' ');
    const costly = await graphql(h, ws.apiKey, `{ transactions(limit: 1000) { data { ${fields} } } }`);
    expect(costly.status).toBe(400);
    expect(costly.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    expect(costly.errors?.[0]?.message).toMatch(/cost \d+ exceeds/);
    const nested = await graphql(
      h,
      ws.apiKey,
      '{ a: account(accountId: "x") { ...F } } fragment F on Account { bankingVerification { document { idDocumentType } } }',
    );
    expect(nested.errors?.[0]?.extensions?.code).not.toBe('QUERY_TOO_COMPLEX');
    expect(h.queryCount() - before).toBeGreaterThan(0);
  });
});

describe('tenant isolation for transactions in every protocol', () => {
  it('another workspace sees none', async () => {
    const other = await workspaceFactory(h.deps);
    const mine = await restClient(h, ws.apiKey).GET('/api/v2/transactions', { params: { query: { limit: 1 } } });
    const id = mine.data!.data[0]!.id;
    const rest = await restClient(h, other.apiKey).GET('/api/v2/transactions/{transactionId}', { params: { path: { transactionId: id } } });
    expect(rest.response.status).toBe(404);
    const trpc = await trpcClient(h, other.apiKey)
      .transactions.get.query({ transactionId: id })
      .catch((e) => e);
    expect(trpc.data.code).toBe('NOT_FOUND');
    const gql = await graphql(
      h,
      other.apiKey,
      'query($id: ID!) { transaction(id: $id) { id } transactions { total } transactionStats(groupBy: []) { count } byCoin: transactionStats(groupBy: [COIN]) { count } }',
      { id },
    );
    expect(gql.data).toEqual({ transaction: null, transactions: { total: 0 }, transactionStats: [{ count: 0 }], byCoin: [] });
    expect(await trpcClient(h, other.apiKey).transactions.stats.query({ groupBy: [] })).toEqual([
      { coin: null, transactionType: null, status: null, day: null, month: null, count: 0, amount: null, fee: null, total: null },
    ]);
    const listed = await trpcClient(h, other.apiKey).transactions.list.query({ accountId: accounts[0] });
    expect(listed.total).toBe(0);
  });
});
