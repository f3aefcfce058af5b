import { describe, expect, it } from 'vitest';
import { webhookViolations } from '../support/webhook-contract.js';

// The check every test receiver applies to real deliveries must be able to fail.
const headers = {
  'content-type': 'application/json',
  'x-service-signature': 'eyJhbGciOiJSUzUxMiJ9..c2ln',
  'x-service-signature-version': '2025-01-01',
  'x-service-timestamp': '1763900000',
  'x-service-webhook-id': '5b1e0a52-3d43-4a57-9a38-0f7b4c7f5a10',
  'x-service-retry-count': '0',
  'x-tenant-id': '0f3d2a40-8b1c-4d7e-9a55-2b6c1d9e8f70',
};
const account = {
  accountId: '0b8f2f0e-5f43-4b4e-9d43-7a5c2b7b8a11',
  type: 'individual',
  email: 'jane@example.com',
  reference: 'cust-0001',
  status: 'pending',
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};
const body = {
  webhookId: headers['x-service-webhook-id'],
  type: 'account_created',
  accountId: account.accountId,
  timestamp: '2026-11-22T10:00:00.000Z',
  details: { account },
  systemNotes: 'notification only',
};

describe('webhook contract check', () => {
  it('accepts a conforming delivery', () => {
    expect(webhookViolations(headers, body)).toEqual([]);
  });

  it.each([
    ['an unknown type', { ...body, type: 'account_exploded' }, headers, /not in the contract/],
    ['details of another event', { ...body, details: { transaction: {} } }, headers, /body \/details/],
    ['an extra envelope field', { ...body, extra: 1 }, headers, /additional properties/],
    ['a missing header', body, { ...headers, 'x-tenant-id': undefined }, /x-tenant-id missing/],
    ['a bad retry count', body, { ...headers, 'x-service-retry-count': '9' }, /x-service-retry-count/],
    ['another media type', body, { ...headers, 'content-type': 'text/plain' }, /content-type/],
  ])('refuses %s', (_name, b, h, expected) => {
    expect(webhookViolations(h, b).join('\n')).toMatch(expected);
  });
});
