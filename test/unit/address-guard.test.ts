import { describe, expect, it } from 'vitest';
import { embeddedIpv4, isForbiddenAddress } from '../../src/core/webhooks/address-guard.js';
import { guardedLookup, httpWebhookSender } from '../../src/server/http-webhook-sender.js';
import { formsOf, publicTable, table } from '../support/address-forms.js';

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

describe('address guard at connect time', () => {
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
