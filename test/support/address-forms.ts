/** Every IPv6 spelling of IPv4 addresses the SSRF guard must see through, shared by its unit and HTTP tests. */

const hex = (a: number, b: number) => ((a << 8) | b).toString(16);

/** Every IPv6 spelling that carries `v4`, named by the embedding it uses. */
export function formsOf(v4: string): [string, string][] {
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
export const table = forbidden.flatMap((v4) => formsOf(v4).map(([form, ip]) => ({ v4, form, ip })));
// The local-use NAT64 prefix's length is the operator's choice: a public address in one reading is
// 0.x or another forbidden address in another, so the guard refuses them (see isForbiddenAddress).
export const publicTable = formsOf('8.8.8.8')
  .filter(([form]) => !form.includes('64:ff9b:1::'))
  .map(([form, ip]) => ({ form, ip }));
