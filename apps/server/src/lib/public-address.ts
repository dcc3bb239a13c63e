/**
 * Whether an IP address is on the public internet. Flow HTTP actions call URLs that flow designers type: without
 * this check they could reach the server's own services, the cloud metadata endpoint (169.254.169.254) or the
 * private network. Ranges follow IANA's special-purpose registries for IPv4 and IPv6; anything outside IPv6 global
 * unicast (2000::/3) is not public. Addresses that carry an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, NAT64
 * 64:ff9b::/96, 6to4 2002::/16) are judged by that IPv4 address.
 */
import net from 'node:net';

export type AddressKind =
  | 'public'
  | 'private'
  | 'loopback'
  | 'link-local'
  | 'unique-local'
  | 'shared'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'documentation'
  | 'reserved'
  | 'invalid';

/** [first address as a 32-bit number, prefix length, kind], most specific first where ranges overlap. */
const ipv4Ranges: [number, number, AddressKind][] = [
  [v4('0.0.0.0'), 32, 'unspecified'],
  [v4('255.255.255.255'), 32, 'broadcast'],
  [v4('0.0.0.0'), 8, 'reserved'],
  [v4('10.0.0.0'), 8, 'private'],
  [v4('100.64.0.0'), 10, 'shared'],
  [v4('127.0.0.0'), 8, 'loopback'],
  [v4('169.254.0.0'), 16, 'link-local'],
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.0.0.0'), 24, 'reserved'],
  [v4('192.0.2.0'), 24, 'documentation'],
  [v4('192.88.99.0'), 24, 'reserved'],
  [v4('192.168.0.0'), 16, 'private'],
  [v4('198.18.0.0'), 15, 'reserved'],
  [v4('198.51.100.0'), 24, 'documentation'],
  [v4('203.0.113.0'), 24, 'documentation'],
  [v4('224.0.0.0'), 4, 'multicast'],
  [v4('240.0.0.0'), 4, 'reserved'],
];

/** A dotted IPv4 address as an unsigned 32-bit number; the caller has checked it with net.isIPv4. */
function v4(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function ipv4Kind(address: number): AddressKind {
  for (const [first, prefix, kind] of ipv4Ranges) {
    const size = 2 ** (32 - prefix);
    if (address >= first && address < first + size) return kind;
  }
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address (zone and brackets removed, checked with net.isIPv6). */
function v6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const n = v4(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}

function ipv6Kind(g: number[]): AddressKind {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, h = 0, i = 0] = g;
  const embedded = (high: number, low: number) => ipv4Kind(high * 65_536 + low);
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0) {
    if (f === 0xffff) return embedded(h, i); // ::ffff:a.b.c.d, IPv4-mapped
    if (f === 0 && h === 0 && i === 0) return 'unspecified';
    if (f === 0 && h === 0 && i === 1) return 'loopback';
    return 'reserved'; // ::a.b.c.d (IPv4-compatible, deprecated) and ::ffff:0:a.b.c.d (SIIT)
  }
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return embedded(h, i); // NAT64
  if (a === 0x2002) return embedded(b, c); // 6to4
  if ((a & 0xff00) === 0xff00) return 'multicast';
  if ((a & 0xffc0) === 0xfe80) return 'link-local';
  if ((a & 0xffc0) === 0xfec0) return 'private'; // site-local, deprecated
  if ((a & 0xfe00) === 0xfc00) return 'unique-local';
  if ((a === 0x2001 && b === 0x0db8) || (a & 0xfff0) === 0x3ff0) return 'documentation';
  if ((a & 0xe000) !== 0x2000) return 'reserved'; // outside global unicast: 64:ff9b:1::/48, 100::/64 and the unassigned
  if (a === 0x2001 && b < 0x0200) return 'reserved'; // 2001::/23: Teredo, benchmarking, ORCHID and other IETF uses
  return 'public';
}

/** What kind of address `ip` is: an IPv4 or IPv6 address, with or without [brackets] or a %zone. */
export function addressKind(ip: string): AddressKind {
  const address = ip
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  if (net.isIPv4(address)) return ipv4Kind(v4(address));
  if (net.isIPv6(address)) return ipv6Kind(v6Groups(address));
  return 'invalid';
}

export function isPublicAddress(ip: string): boolean {
  return addressKind(ip) === 'public';
}

const descriptions: Record<AddressKind, string> = {
  public: 'public',
  private: 'private',
  loopback: 'a loopback address (this machine)',
  'link-local': 'link-local (used for cloud metadata)',
  'unique-local': 'a unique-local (private) address',
  shared: 'in the shared address space of carrier-grade NAT',
  multicast: 'a multicast address',
  unspecified: 'unspecified',
  broadcast: 'the broadcast address',
  documentation: 'reserved for documentation',
  reserved: 'reserved',
  invalid: 'not a valid IP address',
};

/** How a sentence ends after "The address 10.0.0.5 is ": "private", "a loopback address (this machine)". */
export function describeAddressKind(kind: AddressKind): string {
  return descriptions[kind];
}
