import { BlockList, isIP } from 'node:net';

/** The addresses a key accepts calls from (its allowedIps), built once per key lookup; null accepts any. */
export type IpRanges = BlockList | null;

/** The first entry Node cannot read as an address or CIDR range (the contract's pattern lets a few such through), or null. */
export function unreadableRange(entries: readonly string[]): string | null {
  return entries.find((entry) => isIP(entry.split('/')[0] ?? '') === 0) ?? null;
}

/** Entries are addresses or CIDR ranges, IPv4 or IPv6, as the contract and unreadableRange accept them. */
export function ipRangesOf(entries: readonly string[]): IpRanges {
  if (entries.length === 0) return null;
  const ranges = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) ranges.addAddress(address, family);
    else ranges.addSubnet(address, Number(bits), family);
  }
  return ranges;
}

/** IPv4 rules also match the same address written IPv4-mapped (::ffff:10.0.0.1), as a dual-stack server sees it. */
export function ipAllowed(ranges: IpRanges, ip: string): boolean {
  if (!ranges) return true;
  const family = isIP(ip);
  if (family === 0) return false;
  return ranges.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}
