import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankBody, cryptoBody, fundedAccount, tradeBody } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, restClient, startHarness } from '../support/harness.js';

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let accountId: string;
beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  accountId = await fundedAccount(ws.ctx);
});
afterAll(async () => h?.close());

const post = (path: string, body: unknown, key = ws.apiKey) =>
  rawRequest(h, 'POST', path, {
    headers: { authorization: `APIKey ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('POST /api/v2/transactions/bank', () => {
  it('201 pending with fee, total, references and audit', async () => {
    const res = await post(
      '/api/v2/transactions/bank',
      bankBody(accountId, { amount: '100.5', reference: 'payout-1', addenda: ['INV 42'] }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      transactionType: 'bank',
      status: 'pending',
      coins: ['USD'],
      reference: 'payout-1',
      account: { accountId, email: 'trader@example.com' },
      audit: { apiKey: true },
      bankTransactionDetails: {
        type: 'withdrawal',
        coin: 'USD',
        amount: '100.50',
        fee: '0.25',
        total: '100.75',
        instrumentType: 'ach',
        addenda: ['INV 42'],
      },
    });
    expect(res.body.bankTransactionDetails.traceNumber).toMatch(/^\d{15}$/);
    expect(res.body.bankTransactionDetails.transactionReference).toMatch(/^FAS\d{16}$/);
    expect(res.body.cryptoTransactionDetails).toBeUndefined();
    expect(res.body.statusHistory).toEqual([
      {
        status: 'pending',
        statusReason: 'created',
        date: res.body.createdAt,
        actor: { kind: 'api_key', apiKeyId: expect.any(String), apiKeyName: 'default' },
      },
    ]);
  });

  it('an admin token records adminId and admin email', async () => {
    const trpcLike = await rawRequest(h, 'POST', '/api/v2/transactions/bank', {
      headers: { authorization: `Bearer ${ws.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(bankBody(accountId)),
    });
    expect(trpcLike.body.audit).toEqual({ adminId: ws.adminId, admin: ws.adminEmail, apiKey: false });
  });

  it.each([
    [{ amount: '0' }, 'amount', 'has an invalid format'],
    [{ amount: '0.00' }, 'amount', 'has an invalid format'],
    [{ amount: '-5' }, 'amount', 'has an invalid format'],
    [{ amount: '1e3' }, 'amount', 'has an invalid format'],
    [{ amount: 100 }, 'amount', 'must be of type string'],
    [{ amount: '10.001' }, 'amount', 'must have at most 2 decimal places for USD'],
    [{ amount: '1234567890123456789' }, 'amount', 'has an invalid format'],
    [{ coin: 'JPY' }, 'coin', 'must be one of: USD, EUR, GBP'],
    [{ coin: 'EUR' }, 'coin', 'must be USD for ach'],
    [{ instrumentType: 'rtp' }, 'instrumentType', 'must be one of: ach, wire, swift'],
    [{ beneficiaryRoutingNumber: '021000022' }, 'beneficiaryRoutingNumber', 'is not a valid ABA routing number (checksum)'],
    [{ beneficiaryRoutingNumber: '12345' }, 'beneficiaryRoutingNumber', 'has an invalid format'],
    [{ beneficiaryRoutingNumber: undefined }, 'beneficiaryRoutingNumber', 'is required for ach'],
    [{ beneficiaryAccountNumber: '12' }, 'beneficiaryAccountNumber', 'has an invalid format'],
    [{ instrumentType: 'swift', coin: 'EUR' }, 'beneficiarySwiftCode', 'is required for swift'],
    [{ instrumentType: 'wire', addenda: ['x'] }, 'addenda', 'is for ach only'],
    [{ addenda: ['x'.repeat(81)] }, 'addenda[0]', 'must be at most 80 characters'],
    [{ beneficiaryName: '' }, 'beneficiaryName', 'must be at least 1 characters'],
    [{ reference: 'r'.repeat(256) }, 'reference', 'must be at most 255 characters'],
    [{ accountId: 'abc' }, 'accountId', 'must be a UUID'],
    [{ fee: '1.00' }, 'fee', 'is not a known field'],
  ])('400 for %j', async (extra, field, message) => {
    const before = await h.deps.db.transaction.count({ where: { workspaceId: ws.workspaceId } });
    const res = await post('/api/v2/transactions/bank', bankBody(accountId, extra));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, message }));
    expect(await h.deps.db.transaction.count({ where: { workspaceId: ws.workspaceId } })).toBe(before);
  });

  it('swift in EUR with an IBAN; wire gets an IMAD', async () => {
    const swift = await post(
      '/api/v2/transactions/bank',
      bankBody(accountId, {
        instrumentType: 'swift',
        coin: 'EUR',
        beneficiarySwiftCode: 'DEUTDEFF',
        beneficiaryIban: 'DE89370400440532013000',
        beneficiaryRoutingNumber: undefined,
        beneficiaryAccountNumber: undefined,
      }),
    );
    expect(swift.status).toBe(201);
    expect(swift.body.bankTransactionDetails).toMatchObject({ coin: 'EUR', fee: '25.00', total: '125.00' });
    const wire = await post('/api/v2/transactions/bank', bankBody(accountId, { instrumentType: 'wire' }));
    expect(wire.body.bankTransactionDetails.imad).toMatch(/^\d{8}FASBNK01\d{6}$/);
  });

  it('an account that is not active is 409; an unknown one 404; another workspace 404', async () => {
    const { data } = await restClient(h, ws.apiKey).POST('/api/v2/accounts', { body: { type: 'individual', email: 'new@example.com' } });
    const pending = await post('/api/v2/transactions/bank', bankBody(data!.accountId));
    expect(pending.status).toBe(409);
    expect(pending.body.code).toBe('INVALID_STATE');
    expect((await post('/api/v2/transactions/bank', bankBody('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    const other = await workspaceFactory(h.deps);
    expect((await post('/api/v2/transactions/bank', bankBody(accountId), other.apiKey)).status).toBe(404);
  });

  it('analysts cannot create', async () => {
    const res = await rawRequest(h, 'POST', '/api/v2/transactions/bank', {
      headers: { authorization: `Bearer ${ws.analystToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(bankBody(accountId)),
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/v2/transactions/crypto', () => {
  it('201 with fee, networkFee, total and no txHash yet', async () => {
    const res = await post('/api/v2/transactions/crypto', cryptoBody(accountId, { amount: '0.12345678' }));
    expect(res.status).toBe(201);
    expect(res.body.cryptoTransactionDetails).toEqual({
      type: 'withdraw',
      coin: 'ETH',
      network: 'ethereum',
      amount: '0.12345678',
      fee: '0.00200000',
      total: '0.12545678',
      networkFee: '0.00060000',
      targetAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
  });

  it.each([
    [{ network: 'solana' }, 'network', 'is not supported for ETH'],
    [{ network: 'dogecoin' }, 'network', 'must be one of: bitcoin, ethereum, solana, polygon, tron'],
    [{ coin: 'DOGE' }, 'coin', 'must be one of: BTC, ETH, USDC, USDT, SOL'],
    [{ targetAddress: '0x1234567890123456789012345678901234567890ab' }, 'targetAddress', 'is not a valid ethereum address'],
    [
      { coin: 'BTC', network: 'bitcoin', targetAddress: '0x52908400098527886E0F7030069857D2E4169EE7' },
      'targetAddress',
      'is not a valid bitcoin address',
    ],
    [{ amount: '0.123456789' }, 'amount', 'must have at most 8 decimal places for ETH'],
    [{ targetAddress: undefined }, 'targetAddress', 'is required'],
  ])('400 for %j', async (extra, field, message) => {
    const res = await post('/api/v2/transactions/crypto', cryptoBody(accountId, extra));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, message }));
  });

  it('accepts each supported network with a valid address', async () => {
    const cases = [
      { coin: 'BTC', network: 'bitcoin', targetAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      { coin: 'USDT', network: 'tron', targetAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
      { coin: 'USDC', network: 'polygon', targetAddress: '0x52908400098527886E0F7030069857D2E4169EE7' },
      { coin: 'SOL', network: 'solana', targetAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' },
    ];
    for (const c of cases) expect((await post('/api/v2/transactions/crypto', cryptoBody(accountId, c))).status, c.network).toBe(201);
  });
});

describe('POST /api/v2/transactions/trade', () => {
  it('buy: quoteQuantity = quantity x rate, fee 0.5% of it, coins [base, quote]', async () => {
    const res = await post('/api/v2/transactions/trade', tradeBody(accountId, { quantity: '0.01' }));
    expect(res.status).toBe(201);
    expect(res.body.coins).toEqual(['BTC', 'USD']);
    expect(res.body.tradeTransactionDetails).toEqual({
      type: 'market',
      product: 'BTC-USD',
      side: 'buy',
      quantity: '0.01000000',
      quantityCurrency: 'BTC',
      fee: '3.25',
      feeCurrency: 'USD',
      quoteQuantity: '650.00',
      quoteCurrency: 'USD',
      rate: '65000',
    });
  });

  it('crypto quote: ETH-BTC at 8 decimals, the fee rounded up', async () => {
    const res = await post('/api/v2/transactions/trade', tradeBody(accountId, { product: 'ETH-BTC', side: 'sell', quantity: '1.5' }));
    expect(res.body.tradeTransactionDetails).toMatchObject({ quoteQuantity: '0.08076923', fee: '0.00040385', quoteCurrency: 'BTC' });
  });

  it.each([
    [{ product: 'DOGE-USD' }, 'product', 'is not a supported product'],
    [{ product: 'btc-usd' }, 'product', 'has an invalid format'],
    [{ side: 'short' }, 'side', 'must be one of: buy, sell'],
    [{ quantity: '0.000000001' }, 'quantity', 'must have at most 8 decimal places for BTC'],
    [{ product: 'USDC-USD', quantity: '0.001' }, 'quantity', 'is too small to be worth one unit of USD'],
    [{ type: 'limit' }, 'type', 'must be one of: market'],
  ])('400 for %j', async (extra, field, message) => {
    const res = await post('/api/v2/transactions/trade', tradeBody(accountId, extra));
    expect(res.status).toBe(400);
    const error = res.body.errors.find((e: { field: string }) => e.field === field);
    expect(error?.message).toContain(message);
  });
});
