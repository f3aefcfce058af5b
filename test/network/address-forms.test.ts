import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedIpv4, isForbiddenAddress } from '../../src/core/webhooks/address-guard.js';
import { guardedLookup, httpWebhookSender } from '../../src/server/http-webhook-sender.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, startHarness, trpcClient } from '../support/harness.js';

const hex = (a: number, b: number) => ((a << 8) | b).toString(16);

/** Every IPv6 spelling that carries `v4`, named by the embedding it uses. */
function formsOf(v4: string): [string, string][] {
  const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
  const hi = hex(a, b);
  const lo = hex(c, d);
  const obf = (x: number, y: number) => hex(x ^ 255, y ^ 255);
  return [
    ['IPv4-mapped, dotted', `::ffff:${v4}`],
    ['IPv4-mapped, hex', `::ffff:${hi}:${lo}`],
    ['IPv4-mapped, uncompressed', `0:0:0:0:0:ffff:${hi}:${lo}`],
    ['IPv4-translated, dotted', `::ffff:0:${v4}`],
    ['IPv4-translated, hex', `::ffff:0:${hi}:${lo}`],
    ['IPv4-compatible, dotted', `::${v4}`],
    ['IPv4-compatible, hex', `::${hi}:${lo}`],
    ['NAT64 64:ff9b::/96, dotted', `64:ff9b::${v4}`],
    ['NAT64 64:ff9b::/96, hex', `64:ff9b::${hi}:${lo}`],
    ['NAT64 64:ff9b::/96, uncompressed', `0064:ff9b:0000:0000:0000:0000:${hi}:${lo}`],
    ['NAT64 64:ff9b:1::/48 as /96', `64:ff9b:1::${hi}:${lo}`],
    ['NAT64 64:ff9b:1::/48 as /48', `64:ff9b:1:${hi}:${hex(0, c)}:${hex(d, 0)}::`],
    ['NAT64 64:ff9b:1::/48 as /56', `64:ff9b:1:${hex(0, a)}:${hex(0, b)}:${hex(c, d)}::`],
    ['NAT64 64:ff9b:1::/48 as /64', `64:ff9b:1:0:${hex(0, a)}:${hex(b, c)}:${hex(d, 0)}:0`],
    ['6to4 2002::/16', `2002:${hi}:${lo}::1`],
    ['Teredo, obfuscated client', `2001:0:4136:e378:8000:63bf:${obf(a, b)}:${obf(c, d)}`],
    ['Teredo, server', `2001:0:${hi}:${lo}:8000:63bf:f7f7:f7f7`],
  ];
}

const forbidden = ['127.0.0.1', '169.254.169.254', '10.1.2.3', '192.168.0.1', '0.0.0.0'];
const table = forbidden.flatMap((v4) => formsOf(v4).map(([form, ip]) => ({ v4, form, ip })));
// The local-use NAT64 prefix's length is the operator's choice: a public address in one reading is
// 0.x or another forbidden address in another, so the guard refuses them (see isForbiddenAddress).
const publicTable = formsOf('8.8.8.8')
  .filter(([form]) => !form.includes('64:ff9b:1::'))
  .map(([form, ip]) => ({ form, ip }));

describe('address guard: every IPv6 form carrying an IPv4 address', () => {
  it.each(table)('$form of $v4 ($ip) is forbidden and carries it', ({ v4, ip }) => {
    expect(embeddedIpv4(ip)).toContain(v4);
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(publicTable)('$form of a public 8.8.8.8 ($ip) is allowed', ({ ip }) => {
    expect(embeddedIpv4(ip)).toContain('8.8.8.8');
    expect(isForbiddenAddress(ip)).toBe(false);
  });

  it('plain IPv6 ranges and literals are judged as themselves', () => {
    for (const ip of ['2606:4700:4700::1111', '2a00:1450:4001:80b::200e']) expect(isForbiddenAddress(ip), ip).toBe(false);
    for (const ip of ['::', '::1', 'fe80::1%eth0', 'fd12::1', 'fec0::1', 'ff02::1', '2001:db8::1', '100::1']) {
      expect(isForbiddenAddress(ip), ip).toBe(true);
    }
    expect(embeddedIpv4('2606:4700:4700::1111')).toEqual([]);
  });

  it('the local-use NAT64 prefix 64:ff9b:1::/48 is refused whatever the reading', () => {
    for (const [, ip] of formsOf('8.8.8.8').filter(([form]) => form.includes('64:ff9b:1::'))) {
      expect(embeddedIpv4(ip), ip).toContain('8.8.8.8');
      expect(isForbiddenAddress(ip), ip).toBe(true);
    }
  });
});

describe('address guard at registration and at connect time', () => {
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

  it.each(table)('the connect-time lookup refuses a name resolving to $ip ($form of $v4)', async ({ ip }) => {
    const lookup = guardedLookup(((_h: string, _o: object, cb: (e: null, a: { address: string; family: number }[]) => void) =>
      cb(null, [{ address: ip, family: 6 }])) as never);
    const err = await new Promise<Error | null>((resolve) => lookup('rebind.example', { all: true }, (e) => resolve(e)));
    expect(err?.message).toMatch(/forbidden address/);
    // A literal in the URL is refused before any connection is attempted.
    const sender = httpWebhookSender({ timeoutMs: 500, allowInsecure: false });
    const r = await sender.send(`https://[${ip}]/hook`, {}, new Uint8Array());
    expect(r.error).toMatch(/forbidden address/);
    await sender.close();
  });

  it('the connect-time lookup lets a public NAT64 address through (no connection is made here)', async () => {
    const lookup = guardedLookup(((_h: string, _o: object, cb: (e: null, a: { address: string; family: number }[]) => void) =>
      cb(null, [{ address: '64:ff9b::808:808', family: 6 }])) as never);
    const answer = await new Promise<unknown>((resolve) => lookup('public.example', { all: true }, (e, a) => resolve(e ?? a)));
    expect(answer).toEqual([{ address: '64:ff9b::808:808', family: 6 }]);
  });
});
