import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, restClient, startHarness } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const SUBMIT = '/api/v2/kyc/banking-verification/individual';
const REQUEST = '/api/v2/kyc/banking-verification/request';

async function setup(type: 'individual' | 'business' = 'individual') {
  const ws = await workspaceFactory(h.deps);
  const client = restClient(h, ws.apiKey);
  const { data } = await client.POST('/api/v2/accounts', { body: { type, email: 'holder@example.com' } });
  return { ws, client, accountId: data!.accountId };
}

const post = (key: string, path: string, body: unknown) =>
  rawRequest(h, 'POST', path, {
    headers: { authorization: `APIKey ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('submit: state rules (submitBankingVerification)', () => {
  it.each([
    ['pending', 200],
    ['needs_update', 200],
    ['in_review', 409],
    ['active', 409],
  ] as const)('account %s -> %i, status unchanged', async (status, expected) => {
    const { ws, accountId } = await setup();
    await h.deps.db.account.updateMany({ where: { id: accountId }, data: { status } });
    const res = await post(ws.apiKey, SUBMIT, submission(accountId));
    expect(res.status).toBe(expected);
    if (expected === 409) {
      expect(res.body.code).toBe('INVALID_STATE');
      expect(res.body.detail).toContain(status);
      expect(await h.deps.db.bankingVerification.count({ where: { accountId } })).toBe(0);
    } else {
      expect(res.body).toEqual({ accountId, verificationUrl: expect.stringMatching(/^http:\/\/fas\.test\/verify\/[A-Za-z0-9_-]{43}$/) });
    }
    expect((await h.deps.db.account.findFirstOrThrow({ where: { id: accountId } })).status).toBe(status);
  });

  it('a business account is 409, an unknown or foreign account 404', async () => {
    const biz = await setup('business');
    const res = await post(biz.ws.apiKey, SUBMIT, submission(biz.accountId));
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/business account/);
    const other = await setup();
    const foreign = await post(biz.ws.apiKey, SUBMIT, submission(other.accountId));
    expect(foreign.status).toBe(404);
    expect(await h.deps.db.bankingVerification.count({ where: { accountId: other.accountId } })).toBe(0);
    const unknown = await post(biz.ws.apiKey, SUBMIT, submission('00000000-0000-4000-8000-000000000000'));
    expect(unknown.status).toBe(404);
  });

  it('saving again overwrites the data and rotates the link', async () => {
    const { ws, client, accountId } = await setup();
    const first = await post(ws.apiKey, SUBMIT, submission(accountId));
    const second = await post(ws.apiKey, SUBMIT, submission(accountId, { phone: '+442071838750' }));
    expect(second.body.verificationUrl).not.toBe(first.body.verificationUrl);
    const { data } = await client.GET('/api/v2/kyc/banking-verification/{accountId}', { params: { path: { accountId } } });
    expect(data!.phoneMasked).toBe('+********8750');
    expect(await h.deps.db.bankingVerification.count({ where: { accountId } })).toBe(1);
    const oldPage = await rawRequest(h, 'GET', new URL(first.body.verificationUrl).pathname);
    expect(oldPage.status).toBe(404);
    const newPage = await rawRequest(h, 'GET', new URL(second.body.verificationUrl).pathname);
    expect(newPage.status).toBe(200);
  });
});

describe('request banking verification (requestBankingVerification)', () => {
  it('without saved data is 409; with it the account moves to in_review; twice is 409', async () => {
    const { ws, client, accountId } = await setup();
    const early = await post(ws.apiKey, REQUEST, { accountId });
    expect(early.status).toBe(409);
    expect(early.body.detail).toMatch(/no verification data/);
    await post(ws.apiKey, SUBMIT, submission(accountId));
    const ok = await post(ws.apiKey, REQUEST, { accountId });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ accountId, status: 'in_review' });
    const again = await post(ws.apiKey, REQUEST, { accountId });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/in_review/);
    const { data } = await client.GET('/api/v2/kyc/banking-verification/{accountId}', { params: { path: { accountId } } });
    expect(data).toMatchObject({ status: 'submitted', accountStatus: 'in_review' });
    expect(data!.submittedAt).not.toBeNull();
    // Saving is refused once the account is in review.
    expect((await post(ws.apiKey, SUBMIT, submission(accountId))).status).toBe(409);
  });

  it('after needs_update, the data saved earlier is enough for a new request', async () => {
    const { ws, client, accountId } = await setup();
    await post(ws.apiKey, SUBMIT, submission(accountId));
    await post(ws.apiKey, REQUEST, { accountId });
    const outcome = await post(ws.apiKey, `/api/v2/simulations/kyc/${accountId}/outcome`, { outcome: 'needs_update' });
    expect(outcome.body.status).toBe('needs_update');
    const again = await post(ws.apiKey, REQUEST, { accountId });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ accountId, status: 'in_review' });
    const { data } = await client.GET('/api/v2/kyc/banking-verification/{accountId}', { params: { path: { accountId } } });
    expect(data).toMatchObject({ status: 'submitted', accountStatus: 'in_review' });
    // Still one request per review: a third while in_review is a conflict.
    expect((await post(ws.apiKey, REQUEST, { accountId })).status).toBe(409);
  });

  it.each([
    [{}, 'accountId', 'is required'],
    [{ accountId: 'x' }, 'accountId', 'must be a UUID'],
    [{ accountId: '00000000-0000-4000-8000-000000000000', more: 1 }, 'more', 'is not a known field'],
  ])('400 for %j', async (body, field, message) => {
    const { ws } = await setup();
    const res = await post(ws.apiKey, REQUEST, body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, message }));
  });

  it('concurrent requests move the account to in_review exactly once', async () => {
    const { ws, accountId } = await setup();
    await post(ws.apiKey, SUBMIT, submission(accountId));
    const results = await Promise.all(Array.from({ length: 6 }, () => post(ws.apiKey, REQUEST, { accountId })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const account = await h.deps.db.account.findFirstOrThrow({ where: { id: accountId } });
    expect(account.status).toBe('in_review');
  });

  it('concurrent submit and request never leave saved data newer than the submission', async () => {
    const { ws, accountId } = await setup();
    await post(ws.apiKey, SUBMIT, submission(accountId));
    const [saved, requested] = await Promise.all([
      post(ws.apiKey, SUBMIT, submission(accountId, { phone: '+442071838750' })),
      post(ws.apiKey, REQUEST, { accountId }),
    ]);
    expect(requested.status).toBe(200);
    const row = await h.deps.db.bankingVerification.findFirstOrThrow({ where: { accountId } });
    // Either the save ran first (and was submitted with the request) or it was refused after.
    if (saved.status === 200) expect(row.phoneMasked).toBe('+********8750');
    else expect(saved.status).toBe(409);
    expect(row.status).toBe('submitted');
  });
});

describe('the provider decides (sandbox simulation)', () => {
  const outcome = (key: string, accountId: string, value: string) =>
    post(key, `/api/v2/simulations/kyc/${accountId}/outcome`, { outcome: value });

  it('completed makes the account active; needs_update sends it back for corrected data', async () => {
    const { ws, client, accountId } = await setup();
    expect((await outcome(ws.apiKey, accountId, 'completed')).status).toBe(409);
    await post(ws.apiKey, SUBMIT, submission(accountId));
    await post(ws.apiKey, REQUEST, { accountId });
    const back = await outcome(ws.apiKey, accountId, 'needs_update');
    expect(back.body.status).toBe('needs_update');
    const { data } = await client.GET('/api/v2/kyc/banking-verification/{accountId}', { params: { path: { accountId } } });
    expect(data?.status).toBe('needs_update');
    expect((await post(ws.apiKey, SUBMIT, submission(accountId))).status).toBe(200);
    expect((await post(ws.apiKey, REQUEST, { accountId })).status).toBe(200);
    const done = await outcome(ws.apiKey, accountId, 'completed');
    expect(done.body.status).toBe('active');
    expect((await outcome(ws.apiKey, accountId, 'completed')).status).toBe(409);
    expect((await outcome(ws.apiKey, accountId, 'approved')).status).toBe(400);
    const page = await rawRequest(h, 'GET', `/verify/${'x'.repeat(43)}`);
    expect(page.status).toBe(404);
  });
});

describe('PII at rest and in reads', () => {
  it('the raw database row holds neither the id number nor the date of birth', async () => {
    const { ws, client, accountId } = await setup();
    const body = submission(accountId, { dateOfBirth: '1987-06-05' });
    (body.documentId as any).idNumber = 'PZ98765432';
    await post(ws.apiKey, SUBMIT, body);
    // The row as stored, through plain SQL (no Prisma model mapping in between).
    const raw = (
      await h.deps.db.$queryRaw<Record<string, unknown>[]>`SELECT * FROM banking_verifications WHERE account_id = ${accountId}::uuid`
    )[0]!;
    const text = JSON.stringify(raw);
    expect(text).not.toContain('PZ98765432');
    expect(text).not.toContain('98765432');
    expect(text).not.toContain('1987-06-05');
    // Nor the year alone, outside what is random hex (sealed values, hashes, ids: "1987" is in
    // about 2% of such rows by chance, as it was once in a suite run).
    const clear = Object.entries(raw).filter(([k]) => !/(_enc|_hash|_id)$/.test(k));
    expect(clear.length).toBeGreaterThan(10);
    expect(JSON.stringify(Object.fromEntries(clear))).not.toContain('1987');
    expect(raw.id_number_enc).toMatch(/^v1\.[0-9a-f]{8}\./);
    // The sealed value opens with the master key, and only in its own row and column.
    expect(h.deps.cipher.decrypt(raw.id_number_enc as string, `banking_verification:${accountId}:idNumber`)).toBe('PZ98765432');
    expect(() => h.deps.cipher.decrypt(raw.id_number_enc as string, `banking_verification:${accountId}:dateOfBirth`)).toThrow();

    const { data } = await client.GET('/api/v2/kyc/banking-verification/{accountId}', { params: { path: { accountId } } });
    expect(data!.document.idNumberLast4).toBe('5432');
    expect(JSON.stringify(data)).not.toContain('PZ98765432');
    expect(JSON.stringify(data).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '')).not.toContain('1987');
  });

  it('short id numbers reveal nothing', async () => {
    const { ws, client, accountId } = await setup();
    const body = submission(accountId);
    (body.documentId as any).idNumber = 'AB1234';
    await post(ws.apiKey, SUBMIT, body);
    const { data } = await client.GET('/api/v2/kyc/banking-verification/{accountId}', { params: { path: { accountId } } });
    expect(data!.document.idNumberLast4).toBeNull();
  });

  it('GET is 404 when nothing is saved, or for another workspace', async () => {
    const a = await setup();
    const b = await setup();
    await post(a.ws.apiKey, SUBMIT, submission(a.accountId));
    const none = await b.client.GET('/api/v2/kyc/banking-verification/{accountId}', { params: { path: { accountId: b.accountId } } });
    expect(none.response.status).toBe(404);
    const foreign = await b.client.GET('/api/v2/kyc/banking-verification/{accountId}', { params: { path: { accountId: a.accountId } } });
    expect(foreign.response.status).toBe(404);
  });
});

describe('the verification link', () => {
  it('names what to upload; unknown is 404, expired 410, all HTML without internals', async () => {
    const { ws, accountId } = await setup();
    const body = submission(accountId);
    (body.documentId as any).idDocumentType = 'driver_license';
    const saved = await post(ws.apiKey, SUBMIT, body);
    const path = new URL(saved.body.verificationUrl).pathname;
    const page = await rawRequest(h, 'GET', path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).toContain('The front of your driver&#39;s license');
    expect(page.body).toContain('The back of your driver&#39;s license');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.body).not.toContain('holder@example.com');

    for (const token of ['nope', 'A'.repeat(43), '..%2F..%2Fetc%2Fpasswd', '%00']) {
      const res = await rawRequest(h, 'GET', `/verify/${token}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.body).not.toMatch(/at .*\.ts|Error|stack/i);
    }
    await h.deps.db.bankingVerification.updateMany({ where: { accountId }, data: { linkExpiresAt: new Date(Date.now() - 1000) } });
    const expired = await rawRequest(h, 'GET', path);
    expect(expired.status).toBe(410);
    expect(expired.body).toContain('expired');
  });

  it('expires 7 days after the save', async () => {
    const { ws, client, accountId } = await setup();
    const before = Date.now();
    await post(ws.apiKey, SUBMIT, submission(accountId));
    const { data } = await client.GET('/api/v2/kyc/banking-verification/{accountId}', { params: { path: { accountId } } });
    const ms = new Date(data!.linkExpiresAt).getTime() - before;
    expect(ms).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(ms).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);
  });
});
