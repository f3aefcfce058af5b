import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { addressPolicy, embeddedIpv4, isForbiddenAddress, privateAllowList } from '../../src/core/webhooks/address-guard.js';
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

describe('the insecure switch (FAS_WEBHOOK_ALLOW_INSECURE) and the private allow-list', () => {
  const insecure = addressPolicy({ allowInsecure: true });
  it('allows loopback only; link-local, metadata and private stay forbidden', () => {
    for (const ip of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1']) expect(isForbiddenAddress(ip, insecure), ip).toBe(false);
    for (const ip of [
      '169.254.169.254',
      '::ffff:169.254.169.254',
      'fe80::1',
      'fd00:ec2::254',
      '100.100.100.200',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.0.1',
      'fd12::1',
      '0.0.0.0',
    ]) {
      expect(isForbiddenAddress(ip, insecure), ip).toBe(true);
    }
  });

  it('the allow-list opens listed private subnets only, never link-local', () => {
    const policy = addressPolicy({ allowInsecure: false, allowPrivate: ['10.0.0.0/8', '169.254.0.0/16', 'fc00::/7'] });
    expect(isForbiddenAddress('10.20.30.40', policy)).toBe(false);
    expect(isForbiddenAddress('fd12::1', policy)).toBe(false);
    expect(isForbiddenAddress('fd00:ec2::254', policy)).toBe(true);
    expect(isForbiddenAddress('169.254.169.254', policy)).toBe(true);
    expect(isForbiddenAddress('127.0.0.1', policy)).toBe(true);
    expect(isForbiddenAddress('192.168.0.1', policy)).toBe(true);
    expect(() => privateAllowList(['10.0.0.0/33'])).toThrow(/not a subnet/);
    expect(() => loadConfig({ FAS_WEBHOOK_ALLOW_PRIVATE: '10.0.0.0/8,nonsense' } as NodeJS.ProcessEnv)).toThrow(
      /FAS_WEBHOOK_ALLOW_PRIVATE/,
    );
  });

  it('with the switch on, a delivery to 169.254.169.254 (literal or by name) is refused and nothing is contacted; loopback is', async () => {
    const sender = httpWebhookSender({
      timeoutMs: 2000,
      allowInsecure: true,
      resolve: ((_h: string, _o: object, cb: (e: null, a: { address: string; family: number }[]) => void) =>
        cb(null, [{ address: '169.254.169.254', family: 4 }])) as never,
    });
    try {
      for (const url of [
        'http://169.254.169.254/latest/meta-data/',
        'http://metadata.google.internal/',
        'http://[::ffff:a9fe:a9fe]/',
        'http://imds.example/',
      ]) {
        const r = await sender.send(url, {}, new Uint8Array());
        expect(r.statusCode, url).toBeNull();
        expect(r.error, url).toMatch(/forbidden address/);
        expect(r.responseBody).toBeNull();
      }
    } finally {
      await sender.close();
    }
    const server = createServer((_req, res) => res.writeHead(200).end('local'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const local = httpWebhookSender({ timeoutMs: 5000, allowInsecure: true });
    try {
      const ok = await local.send(`http://localhost:${(server.address() as AddressInfo).port}/hook`, {}, new Uint8Array());
      expect(ok.statusCode).toBe(200);
    } finally {
      await local.close();
      server.close();
    }
  });
});
