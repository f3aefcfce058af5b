import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { publicTable, table } from '../support/address-forms.js';
import { type Harness, rawRequest, startHarness, trpcClient } from '../support/harness.js';

describe('address guard at registration', () => {
  let h: Harness;
  let ws: Awaited<ReturnType<typeof workspaceFactory>>;
  let existing: { id: string; url: string };
  // One workspace and one existing target for the refusals: each test checks that its refused
  // URL changed nothing (neither a new target nor the existing one), so none depends on another.
  beforeAll(async () => {
    h = await startHarness();
    ws = await workspaceFactory(h.deps);
    const ok = await call('POST', ws.apiKey, '/api/v2/webhook-targets', { url: 'https://hooks.example.com/x' });
    existing = { id: ok.body.id, url: ok.body.url };
  });
  afterAll(async () => h?.close());

  function call(method: string, key: string, path: string, body: unknown) {
    return rawRequest(h, method, path, {
      headers: { authorization: `APIKey ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  it.each(table)('REST POST, PATCH and tRPC refuse https://[$ip]/ ($form of $v4)', async ({ ip }) => {
    const url = `https://[${ip}]/hook`;
    const created = await call('POST', ws.apiKey, '/api/v2/webhook-targets', { url });
    expect(created.status).toBe(400);
    expect(created.body.errors[0]).toMatchObject({ field: 'url' });
    const patched = await call('PATCH', ws.apiKey, `/api/v2/webhook-targets/${existing.id}`, { url });
    expect(patched.status).toBe(400);
    const viaTrpc = await trpcClient(h, ws.adminToken)
      .webhookTargets.create.mutate({ url })
      .catch((e) => e);
    expect(viaTrpc.data.code).toBe('VALIDATION_FAILED');
    const targets = await h.deps.db.webhookTarget.findMany({ where: { workspaceId: ws.workspaceId }, select: { id: true, url: true } });
    expect(targets).toEqual([existing]);
  });

  it.each(publicTable)('REST accepts the public $form ($ip)', async ({ ip }) => {
    // A workspace each: a workspace holds at most 5 targets.
    const other = await workspaceFactory(h.deps);
    const created = await call('POST', other.apiKey, '/api/v2/webhook-targets', { url: `https://[${ip}]/hook` });
    expect(created.status).toBe(201);
  });
});
