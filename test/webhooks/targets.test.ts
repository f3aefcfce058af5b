import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isForbiddenAddress } from '../../src/core/webhooks/address-guard.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, restClient, startHarness, trpcClient } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const post = (key: string, path: string, body?: unknown) =>
  rawRequest(h, 'POST', path, {
    headers: { authorization: `APIKey ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('webhook targets', () => {
  it('create, list, get, update, delete; at most 5 per workspace', async () => {
    const ws = await workspaceFactory(h.deps);
    const client = restClient(h, ws.apiKey);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(ws.apiKey, '/api/v2/webhook-targets', { url: `https://hooks.example.com/t${i}`, description: `t${i}` });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'active', disabledReason: null, disabledAt: null, description: `t${i}` });
      ids.push(res.body.id);
    }
    const sixth = await post(ws.apiKey, '/api/v2/webhook-targets', { url: 'https://hooks.example.com/t6' });
    expect(sixth.status).toBe(409);
    expect(sixth.body.code).toBe('LIMIT_REACHED');
    const list = await client.GET('/api/v2/webhook-targets');
    expect(list.data!.data.map((t) => t.id)).toEqual(ids);
    expect(list.data!.total).toBe(5);
    const patched = await client.PATCH('/api/v2/webhook-targets/{targetId}', {
      params: { path: { targetId: ids[0]! } },
      body: { url: 'https://hooks.example.com/new', description: null },
    });
    expect(patched.data).toMatchObject({ url: 'https://hooks.example.com/new', description: null });
    const deleted = await client.DELETE('/api/v2/webhook-targets/{targetId}', { params: { path: { targetId: ids[1]! } } });
    expect(deleted.response.status).toBe(204);
    expect((await client.GET('/api/v2/webhook-targets/{targetId}', { params: { path: { targetId: ids[1]! } } })).response.status).toBe(404);
    expect((await post(ws.apiKey, '/api/v2/webhook-targets', { url: 'https://hooks.example.com/again' })).status).toBe(201);
  });

  it('the limit holds under concurrent registrations', async () => {
    const ws = await workspaceFactory(h.deps);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(ws.apiKey, '/api/v2/webhook-targets', { url: `https://h.example.com/${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    expect(await h.deps.db.webhookTarget.count({ where: { workspaceId: ws.workspaceId } })).toBe(5);
  });

  it.each([
    ['http://hooks.example.com/x', 'must use https'],
    ['ftp://hooks.example.com/x', 'must use https'],
    ['https://user:pw@hooks.example.com/x', 'must not contain credentials'],
    ['https://hooks.example.com/x#frag', 'must not contain a fragment'],
    ['https://localhost/x', 'must not point to a private'],
    ['https://api.localhost/x', 'must not point to a private'],
    ['https://127.0.0.1/x', 'must not point to a private'],
    ['https://10.1.2.3/x', 'must not point to a private'],
    ['https://172.20.0.1/x', 'must not point to a private'],
    ['https://192.168.1.1/x', 'must not point to a private'],
    ['https://169.254.169.254/latest/meta-data', 'must not point to a private'],
    ['https://100.64.0.1/x', 'must not point to a private'],
    ['https://224.0.0.1/x', 'must not point to a private'],
    ['https://0.0.0.0/x', 'must not point to a private'],
    ['https://[::1]/x', 'must not point to a private'],
    ['https://[fd00::1]/x', 'must not point to a private'],
    ['https://[fe80::1]/x', 'must not point to a private'],
    ['https://[::ffff:127.0.0.1]/x', 'must not point to a private'],
    ['https://2130706433/x', 'must not point to a private'],
    ['not a url', 'must be an absolute URL'],
  ])('refuses %s', async (url, message) => {
    const ws = await workspaceFactory(h.deps);
    const res = await post(ws.apiKey, '/api/v2/webhook-targets', { url });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'url' });
    expect(res.body.errors[0].message).toContain(message);
  });

  it('address guard: public addresses pass, every blocked range is refused', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isForbiddenAddress(ip), ip).toBe(false);
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.127.0.1',
      '239.1.1.1',
      '255.255.255.255',
      '::1',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::127.0.0.1',
      'not-an-ip',
    ]) {
      expect(isForbiddenAddress(ip), ip).toBe(true);
    }
  });

  it('enable re-activates a disabled target; isolation; analysts read only; tRPC agrees', async () => {
    const ws = await workspaceFactory(h.deps);
    const created = await post(ws.apiKey, '/api/v2/webhook-targets', { url: 'https://hooks.example.com/e' });
    const id = created.body.id;
    await h.deps.db.webhookTarget.updateMany({
      where: { id },
      data: { status: 'disabled', disabledReason: '5 retries failed', disabledAt: new Date() },
    });
    const enabled = await post(ws.apiKey, `/api/v2/webhook-targets/${id}/enable`);
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ status: 'active', disabledReason: null, disabledAt: null });
    const other = await workspaceFactory(h.deps);
    expect((await post(other.apiKey, `/api/v2/webhook-targets/${id}/enable`)).status).toBe(404);
    expect((await restClient(h, other.apiKey).GET('/api/v2/webhook-targets')).data!.total).toBe(0);
    const viaTrpc = await trpcClient(h, ws.adminToken).webhookTargets.get.query({ targetId: id });
    expect(viaTrpc).toEqual(enabled.body);
    const denied = await trpcClient(h, ws.analystToken)
      .webhookTargets.create.mutate({ url: 'https://hooks.example.com/z' })
      .catch((e) => e);
    expect(denied.data.code).toBe('FORBIDDEN');
    const foreign = await trpcClient(h, other.adminToken)
      .webhookTargets.delete.mutate({ targetId: id })
      .catch((e) => e);
    expect(foreign.data.code).toBe('NOT_FOUND');
    const empty = await rawRequest(h, 'PATCH', `/api/v2/webhook-targets/${id}`, {
      headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(empty.status).toBe(400);
  });
});
