import { BlockList, isIP } from 'node:net';

type Range = readonly [string, number];

/**
 * Never a webhook target, whatever the configuration: "this network", link-local (cloud metadata
 * lives at 169.254.169.254 and fd00:ec2::254; Alibaba's at 100.100.100.200), multicast, reserved
 * and documentation ranges.
 */
const NEVER_V4: Range[] = [
  ['0.0.0.0', 8],
  ['169.254.0.0', 16],
  ['100.100.100.200', 32],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const NEVER_V6: Range[] = [
  ['::', 128],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
  ['fd00:ec2::254', 128],
];
/** Loopback: allowed by FAS_WEBHOOK_ALLOW_INSECURE=true (local development). */
const LOOPBACK_V4: Range[] = [['127.0.0.0', 8]];
const LOOPBACK_V6: Range[] = [['::1', 128]];
/** Private networks: allowed only where FAS_WEBHOOK_ALLOW_PRIVATE lists them. */
const PRIVATE_V4: Range[] = [
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
];
const PRIVATE_V6: Range[] = [['fc00::', 7]];

function listOf(v4: Range[], v6: Range[]): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, 'ipv6');
  return list;
}
const never = listOf(NEVER_V4, NEVER_V6);
const loopback = listOf(LOOPBACK_V4, LOOPBACK_V6);
const privateRanges = listOf(PRIVATE_V4, PRIVATE_V6);

/** Which otherwise forbidden addresses a deployment lets webhooks reach. */
export interface AddressPolicy {
  /** FAS_WEBHOOK_ALLOW_INSECURE=true: loopback (127.0.0.0/8, ::1). */
  allowLoopback: boolean;
  /** FAS_WEBHOOK_ALLOW_PRIVATE: private addresses inside these subnets. */
  allowPrivate: BlockList | undefined;
}

export const STRICT_ADDRESSES: AddressPolicy = { allowLoopback: false, allowPrivate: undefined };

/**
 * Parses FAS_WEBHOOK_ALLOW_PRIVATE's subnets (`10.0.0.0/8,fd00::/8,192.168.1.20`); throws on a bad
 * one. Only private ranges can be opened this way: link-local and metadata addresses stay refused.
 */
export function privateAllowList(subnets: readonly string[]): BlockList | undefined {
  if (!subnets.length) return undefined;
  const list = new BlockList();
  for (const subnet of subnets) {
    const [net = '', prefixText] = subnet.split('/');
    const family = isIP(net);
    const max = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : -1;
    if (!family || prefix < 0 || prefix > max) throw new Error(`"${subnet}" is not a subnet like 10.0.0.0/8 or fd00::/8`);
    list.addSubnet(net, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

export function addressPolicy(opts: { allowInsecure: boolean; allowPrivate?: readonly string[] }): AddressPolicy {
  return { allowLoopback: opts.allowInsecure, allowPrivate: privateAllowList(opts.allowPrivate ?? []) };
}

function forbiddenPlain(ip: string, family: 'ipv4' | 'ipv6', policy: AddressPolicy): boolean {
  if (never.check(ip, family)) return true;
  if (loopback.check(ip, family)) return !policy.allowLoopback;
  if (privateRanges.check(ip, family)) return !policy.allowPrivate?.check(ip, family);
  return false;
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
 * True when `ip` is forbidden under `policy` (by default: every range above). An IPv6 address
 * carrying an IPv4 address is judged by the IPv4 it carries (forbidden when any embedding is), so
 * no translation form reaches inside. In the local-use NAT64 prefix every reading but one yields a
 * 0.x or other forbidden address, so that prefix is refused as a whole: it only ever leads into
 * the operator's own network.
 */
export function isForbiddenAddress(ip: string, policy: AddressPolicy = STRICT_ADDRESSES): boolean {
  const family = isIP(ip);
  if (family === 4) return forbiddenPlain(ip, 'ipv4', policy);
  if (family !== 6) return true;
  const bare = ip.split('%')[0] ?? ip;
  // ::1 is itself, not the IPv4-compatible form of 0.0.0.1.
  if (loopback.check(bare, 'ipv6')) return !policy.allowLoopback;
  const embedded = embeddedIpv4(ip);
  if (embedded.some((v4) => forbiddenPlain(v4, 'ipv4', policy))) return true;
  return forbiddenPlain(bare, 'ipv6', policy);
}

/** Names of cloud metadata services: never a webhook target, whatever they resolve to here. */
const METADATA_HOSTS = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

export function isMetadataHost(host: string): boolean {
  return METADATA_HOSTS.has(host.toLowerCase().replace(/\.$/, ''));
}
