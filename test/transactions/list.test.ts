import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateBankDeposit } from '../../src/core/transactions/simulate-bank-deposit.js';
import { simulateTransactionStatus } from '../../src/core/transactions/simulate-transaction-status.js';
import { activeAccount, at, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, restClient, startHarness } from '../support/harness.js';
import { loose } from '../support/loose-transaction.js';

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
const t: Record<string, { id: string; createdAt: string }> = {};
let alice: string;
let bob: string;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  alice = await activeAccount(ws.ctx, 'alice@example.com');
  bob = await activeAccount(ws.ctx, 'bob@corp.example');
  t.bank = await createBank(at(ws.ctx, '2025-01-10T10:00:00Z'), alice, { reference: 'INV-2025-0001', beneficiaryName: 'Carol Payee' });
  t.wire = await createBank(at(ws.ctx, '2025-01-11T10:00:00Z'), bob, { instrumentType: 'wire', amount: '5000.00' });
  t.eth = await createCrypto(at(ws.ctx, '2025-01-12T10:00:00Z'), alice, { reference: 'eth-out-7' });
  t.sol = await createCrypto(at(ws.ctx, '2025-01-13T10:00:00Z'), bob, {
    coin: 'USDC',
    network: 'solana',
    amount: '25',
    targetAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  });
  t.trade = await createTrade(at(ws.ctx, '2025-01-14T10:00:00Z'), alice, { product: 'ETH-BTC', quantity: '1.5' });
  t.deposit = await simulateBankDeposit(at(ws.ctx, '2025-01-15T10:00:00Z'), {
    accountId: bob,
    amount: '999.99',
    coin: 'USD',
    instrumentType: 'ach',
    originatorName: 'Intermediary Bank NA',
    addenda: ['ORIG NAME: Zebra Widgets LLC'],
  });
  // Same createdAt for three: the order falls back to id desc.
  t.same1 = await createBank(at(ws.ctx, '2025-01-16T10:00:00Z'), alice);
  t.same2 = await createBank(at(ws.ctx, '2025-01-16T10:00:00Z'), alice);
  t.same3 = await createBank(at(ws.ctx, '2025-01-16T10:00:00Z'), alice);
  await simulateTransactionStatus(ws.ctx, { transactionId: t.eth!.id, body: { status: 'processing' } });
  await simulateTransactionStatus(ws.ctx, { transactionId: t.wire!.id, body: { status: 'canceled', statusReason: 'customer request' } });
});
afterAll(async () => h?.close());

async function ids(query: Record<string, string | number>) {
  const { data, error, response } = await restClient(h, ws.apiKey).GET('/api/v2/transactions', { params: { query: query as never } });
  if (error) throw new Error(`${response.status} ${JSON.stringify(error)}`);
  return { ids: data!.data.map((x) => x.id), total: data!.total, body: { ...data!, data: data!.data.map(loose) } };
}
const id = (...names: string[]) => names.map((n) => t[n]!.id);

describe('GET /api/v2/transactions', () => {
  it('orders by createdAt desc then id desc, with the exact total', async () => {
    const { ids: all, total } = await ids({});
    expect(total).toBe(9);
    const same = id('same1', 'same2', 'same3').sort().reverse();
    expect(all.slice(0, 3)).toEqual(same);
    expect(all.slice(3)).toEqual(id('deposit', 'trade', 'sol', 'eth', 'wire', 'bank'));
  });

  it.each([
    [{ transactionType: 'crypto' }, ['sol', 'eth']],
    [{ transactionType: 'trade' }, ['trade']],
    [{ status: 'processing' }, ['eth']],
    [{ status: 'canceled' }, ['wire']],
    [{ coin: 'usdc' }, ['sol']],
    [{ coin: 'BTC' }, ['trade']],
    [{ coin: 'eth' }, ['trade', 'eth']],
    [{ coin: 'GBP' }, []],
    [{ search: 'inv-2025' }, ['bank']],
    [{ search: 'zebra widgets' }, ['deposit']],
    [{ search: 'INTERMEDIARY' }, ['deposit']],
    [{ search: 'carol payee' }, ['bank']],
    [{ search: 'bob@corp' }, ['deposit', 'sol', 'wire']],
    [{ search: '7ecdhsy' }, ['sol']],
    [{ search: 'zebra wid' }, ['deposit']],
    [{ search: 'orig name: z' }, ['deposit']],
    [{ search: 'ebra' }, []],
    [{ search: 'widgets zebra' }, []],
    [{ search: 'bank na orig' }, []],
    [{ search: '2025 0001' }, ['bank']],
    [{ search: 'example com' }, ['same3', 'same2', 'same1', 'trade', 'eth', 'bank']],
    [{ search: 'corp.example' }, ['deposit', 'sol', 'wire']],
    [{ search: '%%%' }, []],
    [{ search: '___' }, []],
    [{ transactionType: 'bank', search: 'bob@corp' }, ['deposit', 'wire']],
    [{ transactionType: 'bank', status: 'pending', coin: 'usd', search: 'alice' }, ['same3', 'same2', 'same1', 'bank']],
    [{ startDate: '2025-01-12', endDate: '2025-01-14' }, ['trade', 'sol', 'eth']],
  ])('%j', async (query, expected) => {
    const got = await ids(query as Record<string, string>);
    const same = id('same1', 'same2', 'same3').sort().reverse();
    const want = expected.includes('same3') ? [...same, ...id(...expected.filter((n) => !n.startsWith('same')))] : id(...expected);
    expect(got.ids).toEqual(want);
    expect(got.total).toBe(want.length);
  });

  it('filters by account; searches reference numbers as text, and ids and tx hashes by their start', async () => {
    expect((await ids({ accountId: bob })).ids).toEqual(id('deposit', 'sol', 'wire'));
    expect((await ids({ search: t.trade!.id.slice(0, 13).toUpperCase() })).ids).toEqual(id('trade'));
    expect((await ids({ search: t.trade!.id })).ids).toEqual(id('trade'));
    expect((await ids({ search: t.trade!.id.slice(9, 23) })).ids).toEqual([]);
    const wire = (await ids({ transactionType: 'bank', search: 'bob@' })).body.data.find((x) => x.id === t.wire!.id)!;
    expect((await ids({ search: wire.bankTransactionDetails!.imad! })).ids).toEqual(id('wire'));
    const bank = (await ids({ search: 'carol' })).body.data[0]!;
    expect((await ids({ search: bank.bankTransactionDetails!.traceNumber! })).ids).toEqual(id('bank'));
    expect((await ids({ search: bank.bankTransactionDetails!.transactionReference.toLowerCase() })).ids).toEqual(id('bank'));
    const eth = (await ids({ status: 'processing' })).body.data[0]!;
    expect(eth.cryptoTransactionDetails!.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await ids({ search: eth.cryptoTransactionDetails!.txHash!.slice(0, 40) })).ids).toEqual(id('eth'));
    expect((await ids({ search: eth.cryptoTransactionDetails!.txHash!.slice(2, 40).toUpperCase() })).ids).toEqual(id('eth'));
    expect((await ids({ search: eth.cryptoTransactionDetails!.txHash!.slice(10, 40) })).ids).toEqual([]);
  });

  it('pagination: page size, the last partial page, a page past the end', async () => {
    const { ids: all } = await ids({});
    expect((await ids({ limit: 4, page: 1 })).ids).toEqual(all.slice(0, 4));
    expect((await ids({ limit: 4, page: 2 })).ids).toEqual(all.slice(4, 8));
    const last = await ids({ limit: 4, page: 3 });
    expect(last.ids).toEqual(all.slice(8));
    expect(last.body).toMatchObject({ page: 3, limit: 4, total: 9, nextCursor: null });
    expect((await ids({ limit: 4, page: 2 })).body.nextCursor).toEqual(expect.any(String));
    const past = await ids({ limit: 4, page: 4 });
    expect(past.body).toEqual({ data: [], page: 4, limit: 4, total: 9, nextCursor: null });
  });

  it.each([
    ['search=ab', 'search'],
    [`search=${'x'.repeat(256)}`, 'search'],
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['page=0', 'page'],
    ['page=two', 'page'],
    ['transactionType=wire', 'transactionType'],
    ['status=done', 'status'],
    ['accountId=123', 'accountId'],
    ['coin=U', 'coin'],
    ['coin=US%24', 'coin'],
    ['unknown=1', 'unknown'],
  ])('400 for %s naming %s', async (query, field) => {
    const res = await rawRequest(h, 'GET', `/api/v2/transactions?${query}`, { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('search at 3 and 255 characters is accepted', async () => {
    expect((await ids({ search: 'inv' })).total).toBe(1);
    expect((await ids({ search: 'a'.repeat(255) })).total).toBe(0);
  });

  it('another workspace sees nothing of these', async () => {
    const other = await workspaceFactory(h.deps);
    const { data } = await restClient(h, other.apiKey).GET('/api/v2/transactions', { params: { query: { search: 'zebra' } } });
    expect(data).toMatchObject({ total: 0, data: [] });
    const got = await restClient(h, other.apiKey).GET('/api/v2/transactions/{transactionId}', {
      params: { path: { transactionId: t.bank!.id } },
    });
    expect(got.response.status).toBe(404);
    const filtered = await restClient(h, other.apiKey).GET('/api/v2/transactions', { params: { query: { accountId: alice } } });
    expect(filtered.data!.total).toBe(0);
  });
});
