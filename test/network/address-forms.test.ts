import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { publicTable, table } from '../support/address-forms.js';
import { type Harness, rawRequest, startHarness, trpcClient } from '../support/harness.js';

describe('address guard at registration', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.close());

  const call = (method: string, key: string, path: string, body: unknown) =>
    rawRequest(h, method, path, {
      headers: { authorization: `APIKey ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it.each(table)('REST POST, PATCH and tRPC refuse https://[$ip]/ ($form of $v4)', async ({ ip }) => {
    const ws = await workspaceFactory(h.deps);
    const url = `https://[${ip}]/hook`;
    const created = await call('POST', ws.apiKey, '/api/v2/webhook-targets', { url });
    expect(created.status).toBe(400);
    expect(created.body.errors[0]).toMatchObject({ field: 'url' });
    const ok = await call('POST', ws.apiKey, '/api/v2/webhook-targets', { url: 'https://hooks.example.com/x' });
    const patched = await call('PATCH', ws.apiKey, `/api/v2/webhook-targets/${ok.body.id}`, { url });
    expect(patched.status).toBe(400);
    const viaTrpc = await trpcClient(h, ws.adminToken)
      .webhookTargets.create.mutate({ url })
      .catch((e) => e);
    expect(viaTrpc.data.code).toBe('VALIDATION_FAILED');
    expect(await h.deps.db.webhookTarget.count({ where: { workspaceId: ws.workspaceId } })).toBe(1);
  });

  it.each(publicTable)('REST accepts the public $form ($ip)', async ({ ip }) => {
    const ws = await workspaceFactory(h.deps);
    const created = await call('POST', ws.apiKey, '/api/v2/webhook-targets', { url: `https://[${ip}]/hook` });
    expect(created.status).toBe(201);
  });
});
