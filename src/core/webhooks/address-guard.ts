import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may never be sent to unless FAS_WEBHOOK_ALLOW_INSECURE=true: private,
 * loopback, link-local (cloud metadata), CGNAT, multicast, reserved and documentation ranges.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True when `ip` (v4 or v6, including v4-mapped and NAT64 forms) is in a forbidden range. */
export function isForbiddenAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family !== 6) return true;
  const lower = ip.toLowerCase();
  // IPv4 embedded in IPv6 (::ffff:a.b.c.d, 64:ff9b::a.b.c.d) is judged as the IPv4 it carries.
  const embedded = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (embedded?.[1]) return blocked.check(embedded[1], 'ipv4');
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hexMapped?.[1] && hexMapped[2]) {
    const a = Number.parseInt(hexMapped[1], 16);
    const b = Number.parseInt(hexMapped[2], 16);
    return blocked.check(`${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`, 'ipv4');
  }
  return blocked.check(lower, 'ipv6');
}
