import { describe, expect, it } from 'vitest';
import { type TransactionRow, toTransactionDto } from '../../src/core/transactions/transaction-row.js';

// The bytes clients get (key order, absent rather than null optional fields), pinned: REST, tRPC
// and GraphQL answers are compared as parsed objects elsewhere, which would not see an order change.

const ID = 'd9f88aba-954f-47a9-81f8-51e2f3486b58';
const ACCOUNT = '426477a3-1e61-452a-8115-3dcf6a5ffba2';
const ADMIN = '0b7f4a4e-8f0e-4c57-9a43-2f1a3c1b9e11';
const KEY = '3d2f1c0b-9a8e-4f7d-8c6b-5a4e3d2c1b0a';

const NO_DETAILS = {
  instrumentType: null,
  transactionReference: null,
  imad: null,
  originatorName: null,
  senderAccountNumber: null,
  senderRoutingNumber: null,
  senderSwiftCode: null,
  senderIban: null,
  senderBankName: null,
  beneficiaryAccountNumber: null,
  beneficiaryRoutingNumber: null,
  beneficiarySwiftCode: null,
  beneficiaryIban: null,
  beneficiaryBankName: null,
  beneficiaryName: null,
  traceNumber: null,
  addenda: [],
  network: null,
  networkFee: null,
  targetAddress: null,
  txHash: null,
  product: null,
  side: null,
  feeCurrency: null,
  quoteQuantity: null,
  quoteCurrency: null,
  rate: null,
};

function row(over: Partial<TransactionRow>): TransactionRow {
  return {
    id: ID,
    accountId: ACCOUNT,
    transactionType: 'bank',
    reference: 'INV-1',
    coins: ['USD'],
    status: 'completed',
    statusReason: 'settled',
    previousStatuses: [
      ['processing', 'sent to the bank', '2026-11-23T19:19:30.000Z', { kind: 'system' }],
      ['pending', 'created', '2026-11-23T19:19:00.831Z', { kind: 'api_key', apiKeyId: KEY, apiKeyName: 'billing' }],
    ],
    statusActor: { kind: 'person', adminId: ADMIN, email: 'ops@example.com', role: 'admin' },
    createdAt: new Date('2026-11-23T19:19:00.831Z'),
    updatedAt: new Date('2026-11-23T19:20:00.000Z'),
    auditAdminId: null,
    auditAdmin: null,
    auditApiKey: true,
    detailType: 'deposit',
    coin: 'USD',
    amount: '10.00',
    fee: '0.10',
    total: '10.10',
    accountEmail: 'a@example.com',
    ...NO_DETAILS,
    ...over,
  } as TransactionRow;
}

const HEAD = `{"id":"${ID}","reference":"INV-1","accountId":"${ACCOUNT}","createdAt":"2026-11-23T19:19:00.831Z","transactionType":"%TYPE%","direction":"%DIRECTION%","coins":["USD"],"status":"completed","statusReason":"settled","statusHistory":[{"date":"2026-11-23T19:20:00.000Z","status":"completed","statusReason":"settled","actor":{"kind":"person","adminId":"${ADMIN}","email":"ops@example.com","role":"admin"}},{"date":"2026-11-23T19:19:30.000Z","status":"processing","statusReason":"sent to the bank","actor":{"kind":"system"}},{"date":"2026-11-23T19:19:00.831Z","status":"pending","statusReason":"created","actor":{"kind":"api_key","apiKeyId":"${KEY}","apiKeyName":"billing"}}],"account":{"accountId":"${ACCOUNT}","email":"a@example.com"},`;
const head = (type: string, direction: string) => HEAD.replace('%TYPE%', type).replace('%DIRECTION%', direction);

describe('status history recorded before actors', () => {
  it('reads null, the first entry naming the creator its audit columns know', () => {
    const old = {
      statusActor: null,
      previousStatuses: [
        ['processing', 'sent to the bank', '2026-11-23T19:19:30.000Z'],
        ['pending', 'created', '2026-11-23T19:19:00.831Z'],
      ],
    } as Partial<TransactionRow>;
    const actors = (r: TransactionRow) => toTransactionDto(r).statusHistory.map((e) => e.actor);
    expect(actors(row(old))).toEqual([null, null, { kind: 'api_key', apiKeyName: null }]);
    const byAdmin = row({ ...old, auditAdminId: ADMIN, auditAdmin: 'ops@example.com', auditApiKey: false });
    expect(actors(byAdmin)).toEqual([null, null, { kind: 'person', adminId: ADMIN, email: 'ops@example.com', role: 'admin' }]);
    expect(actors(row({ ...old, auditApiKey: false }))).toEqual([null, null, null]);
  });
});

describe('toTransactionDto serializes to the same bytes', () => {
  it('a bank transaction with every optional field', () => {
    const bank = {
      instrumentType: 'wire',
      transactionReference: 'TR-1',
      imad: 'IMAD',
      originatorName: 'Orig',
      senderAccountNumber: 'SAN',
      senderRoutingNumber: 'SRN',
      senderSwiftCode: 'SSC',
      senderIban: 'SIBAN',
      senderBankName: 'SBN',
      beneficiaryAccountNumber: 'BAN',
      beneficiaryRoutingNumber: 'BRN',
      beneficiarySwiftCode: 'BSC',
      beneficiaryIban: 'BIBAN',
      beneficiaryBankName: 'BBN',
      beneficiaryName: 'BN',
      traceNumber: 'TN',
      addenda: ['one', 'two'],
    };
    expect(JSON.stringify(toTransactionDto(row({ ...bank, auditAdminId: ADMIN, auditAdmin: 'ops@example.com', auditApiKey: false })))).toBe(
      `${head('bank', 'in')}"audit":{"adminId":"${ADMIN}","admin":"ops@example.com","apiKey":false},` +
        '"bankTransactionDetails":{"type":"deposit","coin":"USD","amount":"10.00","fee":"0.10","total":"10.10","instrumentType":"wire",' +
        '"transactionReference":"TR-1","imad":"IMAD","originatorName":"Orig","senderAccountNumber":"SAN","senderRoutingNumber":"SRN",' +
        '"senderSwiftCode":"SSC","senderIban":"SIBAN","senderBankName":"SBN","beneficiaryAccountNumber":"BAN","beneficiaryRoutingNumber":"BRN",' +
        '"beneficiarySwiftCode":"BSC","beneficiaryIban":"BIBAN","beneficiaryBankName":"BBN","beneficiaryName":"BN","traceNumber":"TN",' +
        '"addenda":["one","two"]}}',
    );
  });

  it('a bank transaction with some optional fields, no addenda', () => {
    expect(
      JSON.stringify(
        toTransactionDto(row({ instrumentType: 'ach', transactionReference: 'TR-2', senderIban: 'SIBAN', traceNumber: 'TN' })),
      ),
    ).toBe(
      `${head('bank', 'in')}"audit":{"apiKey":true},` +
        '"bankTransactionDetails":{"type":"deposit","coin":"USD","amount":"10.00","fee":"0.10","total":"10.10","instrumentType":"ach",' +
        '"transactionReference":"TR-2","senderIban":"SIBAN","traceNumber":"TN"}}',
    );
  });

  it('a crypto transaction, with and without its optional fields', () => {
    const crypto = { transactionType: 'crypto', detailType: 'withdraw', coin: 'BTC', network: 'bitcoin' } as const;
    expect(JSON.stringify(toTransactionDto(row({ ...crypto, networkFee: '0.0001', targetAddress: 'bc1q', txHash: '0xabc' })))).toBe(
      `${head('crypto', 'out')}"audit":{"apiKey":true},` +
        '"cryptoTransactionDetails":{"type":"withdraw","coin":"BTC","network":"bitcoin","amount":"10.00","fee":"0.10","total":"10.10",' +
        '"networkFee":"0.0001","targetAddress":"bc1q","txHash":"0xabc"}}',
    );
    expect(JSON.stringify(toTransactionDto(row({ ...crypto, targetAddress: 'bc1q' })))).toBe(
      `${head('crypto', 'out')}"audit":{"apiKey":true},` +
        '"cryptoTransactionDetails":{"type":"withdraw","coin":"BTC","network":"bitcoin","amount":"10.00","fee":"0.10","total":"10.10",' +
        '"targetAddress":"bc1q"}}',
    );
  });

  it('a trade', () => {
    const trade = {
      transactionType: 'trade',
      detailType: 'market',
      coin: 'ETH',
      product: 'ETH-USD',
      side: 'buy',
      feeCurrency: 'USD',
      quoteQuantity: '3000.00',
      quoteCurrency: 'USD',
      rate: '3000.00',
    } as const;
    expect(JSON.stringify(toTransactionDto(row({ ...trade, auditAdmin: 'ops@example.com' })))).toBe(
      `${head('trade', 'exchange')}"audit":{"admin":"ops@example.com","apiKey":true},` +
        '"tradeTransactionDetails":{"type":"market","product":"ETH-USD","side":"buy","quantity":"10.00","quantityCurrency":"ETH",' +
        '"fee":"0.10","feeCurrency":"USD","quoteQuantity":"3000.00","quoteCurrency":"USD","rate":"3000.00"}}',
    );
  });
});
