import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateBankDeposit } from '../../src/core/transactions/simulate-bank-deposit.js';
import { activeAccount, at, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { expectedTransactionRow, exportOver, listEverything } from '../support/csv.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';

// The CSV export against the JSON list it mirrors (openapi.yaml `exportTransactions`): under the
// same filters it holds the same rows, in the same order, each cell what the list says.

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let other: Awaited<ReturnType<typeof workspaceFactory>>;
let accountA: string;
let accountB: string;
let otherAccount: string;
const EXPORT = '/api/v2/transactions/export';
const LIST = '/api/v2/transactions';

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps, 'Export');
  other = await workspaceFactory(h.deps, 'Other');
  accountA = await activeAccount(ws.ctx, 'acme.treasury@example.com');
  accountB = await activeAccount(ws.ctx, 'b@example.com');
  otherAccount = await activeAccount(other.ctx, 'acme.other@example.com');
  // Spread over days and offsets; three at the same instant (the id orders them); text a
  // spreadsheet would run as a formula, and quotes, commas and line breaks RFC 4180 must quote.
  const same = '2025-03-01T22:30:00.000Z';
  await createBank(at(ws.ctx, '2025-02-28T23:59:59.999Z'), accountA, { reference: '=HYPERLINK("http://evil.example","x")' });
  await createBank(at(ws.ctx, same), accountA, { reference: 'inv, "quoted"', beneficiaryName: '@SUM(A1:A9)' });
  await createCrypto(at(ws.ctx, same), accountB, { reference: '-10+20' });
  await createTrade(at(ws.ctx, same), accountA, { reference: '+plus' });
  await simulateBankDeposit(at(ws.ctx, '2025-03-01T05:00:00.000Z'), {
    accountId: accountA,
    amount: '1000.00',
    coin: 'USD',
    instrumentType: 'ach',
    originatorName: 'Intermediary Bank NA',
    addenda: ['ORIG NAME: ACME CORP', 'REF "7", PAYROLL'],
  });
  await createCrypto(at(ws.ctx, '2025-03-02T00:00:00.000Z'), accountA, {
    coin: 'USDC',
    network: 'solana',
    amount: '12.5',
    targetAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  });
  await createTrade(at(ws.ctx, '2025-03-03T08:00:00.000Z'), accountB, { product: 'ETH-USD', side: 'sell', quantity: '1.25' });
  const tabbed = await createBank(at(ws.ctx, '2025-03-04T12:00:00.000Z'), accountB, {
    coin: 'EUR',
    instrumentType: 'swift',
    beneficiarySwiftCode: 'DEUTDEFF',
  });
  // The API refuses control characters; a row holding one anyway (older data, SQL) is still guarded.
  await h.deps.db.$executeRaw`UPDATE transactions SET reference = ${'\tTabbed'} WHERE id = ${tabbed.id}::uuid`;
  await createBank(at(other.ctx, same), otherAccount, { reference: 'acme other workspace' });
  await createTrade(at(other.ctx, same), otherAccount);
}, 120_000);
afterAll(async () => h?.close());

const FILTERS: Record<string, string>[] = [
  {},
  { transactionType: 'bank' },
  { transactionType: 'trade', status: 'pending' },
  { coin: 'usd' },
  { coin: 'BTC' },
  { coin: 'usdc', transactionType: 'crypto' },
  { startDate: '2025-03-01T23:30:00+01:00' },
  { startDate: '2025-03-01', endDate: '2025-03-01' },
  { startDate: '2025-03-02T02:00:00+02:00', endDate: '2025-03-03T09:00:00+01:00' },
  { endDate: '2025-03-01T22:30:00Z' },
  { search: 'acme' },
  { search: 'quoted', coin: 'usd' },
  { accountId: '' },
  { status: 'completed' },
];

describe('GET /api/v2/transactions/export', () => {
  it.each(FILTERS.map((f) => [JSON.stringify(f), f] as const))('%s: the same rows as the list, in order, cell for cell', async (_, raw) => {
    const filter = raw.accountId === '' ? { ...raw, accountId: accountB } : raw;
    const listed = await listEverything(h, ws.apiKey, LIST, filter);
    const exported = await exportOver(h, ws.apiKey, EXPORT, filter);
    expect(exported.status).toBe(200);
    const { header, records } = exported.csv!;
    expect(records.map((r) => r.id)).toEqual(listed.map((t) => t.id));
    for (const [i, record] of records.entries()) expect(record).toEqual(expectedTransactionRow(header, listed[i]));
  });

  it('has rows to compare: the filters above select different, non-empty sets', async () => {
    const sizes = await Promise.all(
      FILTERS.filter((f) => f.accountId === undefined && f.status !== 'completed').map(
        async (f) => (await listEverything(h, ws.apiKey, LIST, f)).length,
      ),
    );
    expect(sizes.every((n) => n > 0)).toBe(true);
    expect(new Set(sizes).size).toBeGreaterThan(4);
  });

  it('names every field of every details object in its header, and quotes and guards cells', async () => {
    const { csv, headers, body } = await exportOver(h, ws.apiKey, EXPORT);
    const listed = await listEverything(h, ws.apiKey, LIST);
    for (const t of listed) {
      const details = t.bankTransactionDetails ?? t.cryptoTransactionDetails ?? t.tradeTransactionDetails;
      for (const field of Object.keys(details)) expect(csv!.header, field).toContain(field);
    }
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(headers.get('content-disposition')).toMatch(/^attachment; filename="transactions-\d{8}T\d{6}Z\.csv"$/);
    expect(headers.get('cache-control')).toBe('no-store');
    const text = body as string;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(text).toContain(`"inv, ""quoted"""`);
    expect(text).toContain(`'@SUM(A1:A9)`);
    expect(text).toContain(`'-10+20`);
    expect(text).toContain(`'+plus`);
    expect(text).toContain(`"ORIG NAME: ACME CORP\nREF ""7"", PAYROLL"`);
    expect(text).toContain(`'\tTabbed`);
    // Decimals as stored, times in UTC.
    expect(csv!.records.find((r) => r.coin === 'USDC')?.amount).toBe('12.500000');
    expect(csv!.records.every((r) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(r.createdAt ?? ''))).toBe(true);
  });

  it('never shows another workspace: its rows, its account filter and its search are empty here', async () => {
    const all = await exportOver(h, ws.apiKey, EXPORT);
    const theirs = await listEverything(h, other.apiKey, LIST);
    expect(theirs).toHaveLength(2);
    const mine = new Set(all.csv!.records.map((r) => r.id));
    for (const t of theirs) expect(mine.has(t.id)).toBe(false);
    expect((await exportOver(h, ws.apiKey, EXPORT, { accountId: otherAccount })).csv!.records).toEqual([]);
    expect((await exportOver(h, ws.apiKey, EXPORT, { search: 'other workspace' })).csv!.records).toEqual([]);
    const theirExport = await exportOver(h, other.apiKey, EXPORT);
    expect(theirExport.csv!.records.map((r) => r.id).sort()).toEqual(theirs.map((t) => t.id).sort());
  });

  it.each([
    [{ search: 'ab' }],
    [{ startDate: '2025-02-30' }],
    [{ startDate: '2025-03-02', endDate: '2025-03-01' }],
    [{ startDate: '2025-03-01T10:00:00Z', endDate: '2025-03-01T10:00:00Z' }],
    [{ endDate: 'yesterday' }],
    [{ coin: 'u$d' }],
    [{ transactionType: 'wire' }],
    [{ status: 'done', accountId: 'not-a-uuid' }],
    [{ foo: 'bar' }],
  ])('refuses %j with exactly the error the list gives', async (params) => {
    const q = new URLSearchParams(params as Record<string, string>).toString();
    const auth = { headers: { authorization: `APIKey ${ws.apiKey}` } };
    const listed = await rawRequest(h, 'GET', `${LIST}?${q}`, auth);
    const exported = await rawRequest(h, 'GET', `${EXPORT}?${q}`, auth);
    expect(listed.status).toBe(400);
    expect(exported.status).toBe(400);
    const { requestId: _a, ...listProblem } = listed.body;
    const { requestId: _b, ...exportProblem } = exported.body;
    expect(exportProblem).toEqual(listProblem);
  });

  it.each(['page', 'limit'])('refuses %s: an export has no pages', async (name) => {
    const res = await rawRequest(h, 'GET', `${EXPORT}?${name}=1`, { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: name, code: 'unknown_field', message: 'is not a known field' }]);
  });

  it('needs credentials like every API call', async () => {
    const res = await rawRequest(h, 'GET', EXPORT);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-disposition')).toBeNull();
  });
});
