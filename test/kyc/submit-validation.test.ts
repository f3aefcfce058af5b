import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submission, withField } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, restClient, startHarness } from '../support/harness.js';

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let accountId: string;
beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  const { data } = await restClient(h, ws.apiKey).POST('/api/v2/accounts', { body: { type: 'individual', email: 'kyc@example.com' } });
  accountId = data!.accountId;
});
afterAll(async () => h?.close());

const SUBMIT = '/api/v2/kyc/banking-verification/individual';
const post = (body: unknown) =>
  rawRequest(h, 'POST', SUBMIT, {
    headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('submit banking verification: every field at and beyond its limits', () => {
  it.each<[string, unknown]>([
    ['documentId.idNumber', 'AB'],
    ['documentId.idNumber', 'A'.repeat(20)],
    ['documentId.idNumber', '123-45 6789/X.1'],
    ['address.address1', 'a'.repeat(255)],
    ['address.address2', 'a'.repeat(255)],
    ['address.address2', undefined],
    ['address.city', 'c'.repeat(100)],
    ['address.state', 's'.repeat(100)],
    ['address.postalCode', 'SW1A 1AA'],
    ['address.postalCode', '1'.repeat(16)],
    ['address.city', 'São Paulo'],
    ['dateOfBirth', '2024-02-29'],
    ['dateOfBirth', today],
    ['dateOfBirth', '1900-01-01'],
    ['phone', '+14155550123'],
    ['phone', '+442071838750'],
    ['phone', `+1${'2'.repeat(14)}`],
    ['documentId.idIssueDate', undefined],
    ['documentId.idIssueDate', today],
    ['documentId.idExpiryDate', undefined],
    ['documentId.idExpiryDate', today],
    ['documentId.idCountryOfIssue', undefined],
    ['documentId.nationality', 'GB'],
    ['address.country', 'DE'],
    ...['passport', 'driver_license', 'national_id', 'ssn', 'itin', 'ein', 'other'].map((t): [string, unknown] => [
      'documentId.idDocumentType',
      t,
    ]),
  ])('accepts %s = %j', async (field, value) => {
    const res = await post(withField(accountId, field, value));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it.each([
    ['documentId.idNumber', 'A', 'must be at least 2 characters'],
    ['documentId.idNumber', 'A'.repeat(21), 'must be at most 20 characters'],
    ['documentId.idNumber', '-12345', 'has an invalid format'],
    ['documentId.idNumber', '12345\n', 'has an invalid format'],
    ['documentId.idNumber', 123456789, 'must be of type string'],
    ['documentId.idNumber', undefined, 'is required'],
    ['address.address1', 'a'.repeat(256), 'must be at most 255 characters'],
    ['address.address1', '', 'must be at least 1 characters'],
    ['address.address1', undefined, 'is required'],
    ['address.address1', 'line\u0000two', 'must not contain NUL characters'],
    ['address.address2', 'a'.repeat(256), 'must be at most 255 characters'],
    ['address.city', 'c'.repeat(101), 'must be at most 100 characters'],
    ['address.city', undefined, 'is required'],
    ['address.state', 's'.repeat(101), 'must be at most 100 characters'],
    ['address.state', undefined, 'is required'],
    ['address.postalCode', undefined, 'is required'],
    ['address.postalCode', '1'.repeat(17), 'must be at most 16 characters'],
    ['address.postalCode', '94105;', 'has an invalid format'],
    ['address.country', 'us', 'must be one of'],
    ['address.country', 'USA', 'must be one of'],
    ['address.country', 'XK', 'must be one of'],
    ['address.country', 'ZZ', 'must be one of'],
    ['address.country', undefined, 'is required'],
    ['documentId.idCountryOfIssue', 'uk', 'must be one of'],
    ['documentId.nationality', 'EU', 'must be one of'],
    ['dateOfBirth', '2023-02-29', 'must be a real calendar date YYYY-MM-DD'],
    ['dateOfBirth', '2025-02-30', 'must be a real calendar date YYYY-MM-DD'],
    ['dateOfBirth', '2025-13-01', 'must be a real calendar date YYYY-MM-DD'],
    ['dateOfBirth', '1990-4-17', 'must be a real calendar date YYYY-MM-DD'],
    ['dateOfBirth', '17/04/1990', 'must be a real calendar date YYYY-MM-DD'],
    ['dateOfBirth', '1990-04-17T00:00:00Z', 'must be a real calendar date YYYY-MM-DD'],
    ['dateOfBirth', tomorrow, 'must not be in the future'],
    ['dateOfBirth', '1899-12-31', 'must not be before 1900-01-01'],
    ['dateOfBirth', undefined, 'is required'],
    ['phone', '4155550123', 'has an invalid format'],
    ['phone', '+0123', 'has an invalid format'],
    ['phone', '+1 415 555 0123', 'has an invalid format'],
    ['phone', `+1${'2'.repeat(15)}`, 'has an invalid format'],
    ['phone', undefined, 'is required'],
    ['documentId.idDocumentType', 'visa', 'must be one of: passport, driver_license, national_id, ssn, itin, ein, other'],
    ['documentId.idDocumentType', undefined, 'is required'],
    ['documentId.idIssueDate', tomorrow, 'must not be in the future'],
    ['documentId.idIssueDate', '2021-02-29', 'must be a real calendar date YYYY-MM-DD'],
    ['documentId.idExpiryDate', '2019-01-01', 'must be after idIssueDate'],
    ['documentId.idExpiryDate', '2020-01-15', 'must be after idIssueDate'],
    ['documentId.idExpiryDate', yesterday, 'must not be in the past (the document has expired)'],
    ['documentId', undefined, 'is required'],
    ['documentId', 'passport', 'must be of type object'],
    ['address', undefined, 'is required'],
    ['accountId', undefined, 'is required'],
    ['accountId', 'not-a-uuid', 'must be a UUID'],
    ['extra', 1, 'is not a known field'],
    ['documentId.extra', 1, 'is not a known field'],
    ['address.zip', '94105', 'is not a known field'],
  ])('400 for %s = %j, naming it, storing nothing', async (field, value, message) => {
    const before = await h.deps.db.bankingVerification.findFirst({ where: { accountId } });
    const res = await post(withField(accountId, field, value));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const error = res.body.errors.find((e: { field: string }) => e.field === field);
    expect(error, JSON.stringify(res.body.errors)).toBeDefined();
    expect(error.message).toContain(message);
    expect(await h.deps.db.bankingVerification.findFirst({ where: { accountId } })).toEqual(before);
  });

  it('the error names every bad field at once and never echoes a value', async () => {
    const body = submission(accountId, { phone: '12', dateOfBirth: '2023-02-29' });
    (body.documentId as any).idNumber = 'SECRET-ID-99999999999';
    const res = await post(body);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['dateOfBirth', 'documentId.idNumber', 'phone']);
    expect(JSON.stringify(res.body)).not.toContain('SECRET-ID');
  });
});
