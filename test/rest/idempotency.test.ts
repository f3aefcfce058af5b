import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankBody, fundedAccount } from '../factories/transactions.js';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

function post(key: string, body: unknown, idempotencyKey?: string) {
  return rawRequest(h, 'POST', '/api/v2/accounts', {
    headers: {
      authorization: `APIKey ${key}`,
      'content-type': 'application/json',
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    body: JSON.stringify(body),
  });
}

describe('Idempotency-Key', () => {
  it('replays the first answer, creating once', async () => {
    const ws = await workspaceFactory(h.deps);
    const first = await post(ws.apiKey, { type: 'individual', email: 'a@b.co' }, 'k-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // Same body with keys in another order is the same request.
    const again = await post(ws.apiKey, { email: 'a@b.co', type: 'individual' }, 'k-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await h.deps.db.account.count({ where: { workspaceId: ws.workspaceId } })).toBe(1);
  });

  it('409 IDEMPOTENCY_KEY_REUSED for the same key with another body', async () => {
    const ws = await workspaceFactory(h.deps);
    await post(ws.apiKey, { type: 'individual', email: 'a@b.co' }, 'k-2');
    const other = await post(ws.apiKey, { type: 'individual', email: 'other@b.co' }, 'k-2');
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await h.deps.db.account.count({ where: { workspaceId: ws.workspaceId } })).toBe(1);
  });

  it('keys are per workspace', async () => {
    const a = await workspaceFactory(h.deps);
    const b = await workspaceFactory(h.deps);
    expect((await post(a.apiKey, { type: 'individual', email: 'a@b.co' }, 'shared')).status).toBe(201);
    const inB = await post(b.apiKey, { type: 'business', email: 'b@b.co' }, 'shared');
    expect(inB.status).toBe(201);
    expect(inB.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a validation failure is not stored: the fixed request may use the key', async () => {
    const ws = await workspaceFactory(h.deps);
    expect((await post(ws.apiKey, { type: 'individual', email: 'bad' }, 'k-3')).status).toBe(400);
    const fixed = await post(ws.apiKey, { type: 'individual', email: 'good@b.co' }, 'k-3');
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['non-ASCII', 'clé'],
  ])('400 for a key that is %s', async (_name, key) => {
    const ws = await workspaceFactory(h.deps);
    const res = await post(ws.apiKey, { type: 'individual', email: 'a@b.co' }, key);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({
      field: 'Idempotency-Key',
      code: 'invalid_format',
      params: { format: 'idempotency-key' },
      message: 'must be 1-255 printable ASCII characters',
    });
    expect(await h.deps.db.account.count({ where: { workspaceId: ws.workspaceId } })).toBe(0);
  });

  it('concurrent requests with one key create exactly one account', async () => {
    const ws = await workspaceFactory(h.deps);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post(ws.apiKey, { type: 'individual', email: 'race@b.co' }, 'k-race')),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses).toContain(201);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(await h.deps.db.account.count({ where: { workspaceId: ws.workspaceId } })).toBe(1);
  });

  it('a replayed problem carries the replaying request id in body and header alike', async () => {
    const ws = await workspaceFactory(h.deps);
    const send = (requestId: string) =>
      rawRequest(h, 'POST', '/api/v2/kyc/banking-verification/request', {
        headers: {
          authorization: `APIKey ${ws.apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': 'k-404',
          'x-request-id': requestId,
        },
        body: JSON.stringify({ accountId: '00000000-0000-4000-8000-000000000000' }),
      });
    const first = await send('first-request');
    expect(first.status).toBe(404);
    expect(first.body.requestId).toBe('first-request');
    const replay = await send('second-request');
    expect(replay.status).toBe(404);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('x-request-id')).toBe('second-request');
    expect(replay.body.requestId).toBe('second-request');
    expect({ ...replay.body, requestId: undefined }).toEqual({ ...first.body, requestId: undefined });
  });

  it('keeps the verification link of a submit only sealed, and replays it intact', async () => {
    const ws = await workspaceFactory(h.deps);
    const account = await post(ws.apiKey, { type: 'individual', email: 'holder@b.co' });
    const submit = () =>
      rawRequest(h, 'POST', '/api/v2/kyc/banking-verification/individual', {
        headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json', 'idempotency-key': 'k-submit' },
        body: JSON.stringify(submission(account.body.accountId)),
      });
    const first = await submit();
    expect(first.status).toBe(200);
    const token = String(first.body.verificationUrl).split('/verify/')[1] as string;
    expect(token.length).toBeGreaterThan(20);
    const row = await h.deps.db.idempotencyKey.findUniqueOrThrow({
      where: { workspaceId_key: { workspaceId: ws.workspaceId, key: 'k-submit' } },
      select: { responseBody: true },
    });
    expect(row.responseBody).not.toContain(token);
    expect(row.responseBody).not.toContain('verify');
    const replay = await submit();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
  });

  it.each([
    ['/api/v2/transactions/bank', 201],
    ['/api/v2/webhook-targets', 201],
  ])('replays %s from the answer committed with the change', async (path, status) => {
    const ws = await workspaceFactory(h.deps);
    const accountId = await fundedAccount(ws.ctx);
    const body = path === '/api/v2/webhook-targets' ? { url: 'https://hooks.example.com/fas' } : bankBody(accountId);
    const send = () =>
      rawRequest(h, 'POST', path, {
        headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json', 'idempotency-key': `k-${path}` },
        body: JSON.stringify(body),
      });
    const first = await send();
    expect(first.status).toBe(status);
    const again = await send();
    expect(again.status).toBe(status);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });
});
