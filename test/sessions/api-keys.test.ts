import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';
import { trpcCaller } from '../support/trpc-caller.js';

describe('API keys through tRPC (dashboard)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const listAccounts = (key: string) => rawRequest(h, 'GET', '/api/v2/accounts', { headers: { authorization: `APIKey ${key}` } });

  it('creates a key shown once, lists it without the secret, and revocation stops it at once over REST', async () => {
    const ws = await workspaceFactory(h.deps);
    const admin = trpcCaller(h, ws.adminToken);
    const created = await admin.apiKeys.create.mutate({ name: '  billing export ' });
    expect(created).toMatchObject({ name: 'billing export', prefix: created.key.slice(0, 12) });
    expect(created.key).toMatch(/^fas_sk_[A-Za-z0-9_-]{32}$/);

    const listed = await admin.apiKeys.list.query();
    expect(listed.data.map((k) => k.apiKeyId)).toEqual([created.apiKeyId, ws.apiKeyId]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    expect(listed.data[0]).toMatchObject({ lastUsedAt: null, revokedAt: null });

    expect((await listAccounts(created.key)).status).toBe(200);
    const used = (await admin.apiKeys.list.query()).data[0];
    expect(used?.lastUsedAt).not.toBeNull();

    const revoked = await admin.apiKeys.revoke.mutate({ apiKeyId: created.apiKeyId });
    expect(revoked.revokedAt).toBeTruthy();
    const after = await listAccounts(created.key);
    expect(after.status).toBe(401);
    expect((await admin.apiKeys.list.query()).data[0]?.revokedAt).toBe(revoked.revokedAt);
    // Revoking twice keeps the first time; the other key still works.
    expect((await admin.apiKeys.revoke.mutate({ apiKeyId: created.apiKeyId })).revokedAt).toBe(revoked.revokedAt);
    expect((await listAccounts(ws.apiKey)).status).toBe(200);
  });

  it('validates names and ids, and another workspace key is 404', async () => {
    const ws = await workspaceFactory(h.deps);
    const other = await workspaceFactory(h.deps);
    const admin = trpcCaller(h, ws.adminToken);
    await expect(admin.apiKeys.create.mutate({ name: 'x'.repeat(101) })).rejects.toMatchObject({
      data: { code: 'VALIDATION_FAILED', errors: [{ field: 'name' }] },
    });
    await expect(admin.apiKeys.create.mutate({ name: 'a', scope: 'all' } as never)).rejects.toMatchObject({
      data: { code: 'VALIDATION_FAILED' },
    });
    await expect(admin.apiKeys.revoke.mutate({ apiKeyId: 'nope' })).rejects.toMatchObject({ data: { code: 'VALIDATION_FAILED' } });
    await expect(admin.apiKeys.revoke.mutate({ apiKeyId: other.apiKeyId })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    expect((await listAccounts(other.apiKey)).status).toBe(200);
    expect((await admin.apiKeys.list.query()).data.map((k) => k.apiKeyId)).toEqual([ws.apiKeyId]);
  });

  it('analysts list keys but cannot create or revoke them', async () => {
    const ws = await workspaceFactory(h.deps);
    const analyst = trpcCaller(h, ws.analystToken);
    expect((await analyst.apiKeys.list.query()).data).toHaveLength(1);
    await expect(analyst.apiKeys.create.mutate({})).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    await expect(analyst.apiKeys.revoke.mutate({ apiKeyId: ws.apiKeyId })).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    expect((await listAccounts(ws.apiKey)).status).toBe(200);
  });

  it('API keys cannot list, create or revoke keys (403 FORBIDDEN); only people manage credentials', async () => {
    const ws = await workspaceFactory(h.deps);
    const key = trpcCaller(h, ws.apiKey);
    const refused = { data: { code: 'FORBIDDEN', httpStatus: 403 } };
    await expect(key.apiKeys.create.mutate({ name: 'minted' })).rejects.toMatchObject(refused);
    await expect(key.apiKeys.list.query()).rejects.toMatchObject(refused);
    await expect(key.apiKeys.revoke.mutate({ apiKeyId: ws.apiKeyId })).rejects.toMatchObject(refused);
    // The scheme word does not matter: a key sent as a bearer token is still a key.
    const bearer = await fetch(`${h.baseUrl}/trpc/apiKeys.create`, {
      method: 'POST',
      headers: { authorization: `Bearer  ${ws.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'minted' }),
    });
    expect(bearer.status).toBe(403);
    expect(await bearer.text()).toMatch(/API keys cannot manage credentials/);
    // Nothing changed: still the one key, not revoked.
    const listed = await trpcCaller(h, ws.adminToken).apiKeys.list.query();
    expect(listed.data.map((k) => [k.apiKeyId, k.revokedAt])).toEqual([[ws.apiKeyId, null]]);
  });
});
