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
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The 16 bytes of a valid IPv6 literal (zone id dropped; a trailing dotted quad allowed). */
export function ipv6Bytes(ip: string): Uint8Array {
  const bare = ip.split('%')[0] ?? '';
  let text = bare.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    const n = Number.parseInt(g, 16);
    bytes[i * 2] = n >> 8;
    bytes[i * 2 + 1] = n & 255;
  });
  return bytes;
}

const quad = (b: ArrayLike<number>) => Array.from(b).join('.');
const zero = (b: Uint8Array, from: number, to: number) => b.subarray(from, to).every((x) => x === 0);
const starts = (b: Uint8Array, prefix: number[]) => prefix.every((x, i) => b[i] === x);

/**
 * Every IPv4 address an IPv6 address carries, in each standard embedding: IPv4-mapped
 * (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96), IPv4-compatible (::/96), NAT64 well-known
 * (64:ff9b::/96) and local-use (64:ff9b:1::/48, every RFC 6052 prefix length since the
 * operator's is unknown), 6to4 (2002::/16) and Teredo (2001::/32: server and de-obfuscated client).
 */
export function embeddedIpv4(ip: string): string[] {
  const b = ipv6Bytes(ip);
  if (zero(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return [quad(b.subarray(12))];
  if (zero(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && zero(b, 10, 12)) return [quad(b.subarray(12))];
  if (zero(b, 0, 12)) return [quad(b.subarray(12))];
  if (starts(b, [0, 0x64, 0xff, 0x9b]) && zero(b, 4, 12)) return [quad(b.subarray(12))];
  if (starts(b, [0, 0x64, 0xff, 0x9b, 0, 1])) {
    // RFC 6052 section 2.2: bits 64-71 (byte 8) are always skipped.
    return [
      quad([b[6], b[7], b[9], b[10]] as number[]),
      quad([b[7], b[9], b[10], b[11]] as number[]),
      quad(b.subarray(9, 13)),
      quad(b.subarray(12)),
    ];
  }
  if (starts(b, [0x20, 0x02])) return [quad(b.subarray(2, 6))];
  if (starts(b, [0x20, 0x01, 0, 0])) return [quad(b.subarray(4, 8)), quad(Array.from(b.subarray(12), (x) => x ^ 0xff))];
  return [];
}

/**
 * True when `ip` is in a forbidden range. An IPv6 address carrying an IPv4 address is judged by
 * the IPv4 it carries (forbidden when any embedding is), so no translation form reaches inside.
 * In the local-use NAT64 prefix every reading but one yields a 0.x or other forbidden address, so
 * that prefix is refused as a whole: it only ever leads into the operator's own network.
 */
export function isForbiddenAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family !== 6) return true;
  const embedded = embeddedIpv4(ip);
  if (embedded.some((v4) => blocked.check(v4, 'ipv4'))) return true;
  return blocked.check(ip.split('%')[0] ?? ip, 'ipv6');
}
