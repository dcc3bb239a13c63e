import { describe, expect, it } from 'vitest';
import { ipAllowed, ipRangesOf, unreadableRange } from './ip-ranges.ts';

describe('ipAllowed', () => {
  const ranges = ipRangesOf(['10.0.0.0/8', '192.168.1.7', '2001:db8::/32', 'fe80::1', '172.16.5.9/32']);

  it('accepts addresses within an IPv4 or IPv6 range or equal to a single address', () => {
    for (const ip of ['10.0.0.0', '10.255.255.255', '192.168.1.7', '2001:db8::', '2001:db8:ffff::1', 'fe80::1', '172.16.5.9']) {
      expect(ipAllowed(ranges, ip), ip).toBe(true);
    }
  });

  it('refuses addresses outside, of the other family, or not addresses at all', () => {
    for (const ip of [
      '11.0.0.0',
      '9.255.255.255',
      '192.168.1.8',
      '2001:db9::',
      'fe80::2',
      '172.16.5.10',
      '::1',
      '',
      'localhost',
      '10.0.0',
    ]) {
      expect(ipAllowed(ranges, ip), ip).toBe(false);
    }
  });

  it('matches IPv4 rules against IPv4-mapped IPv6 addresses, as a dual-stack socket reports them', () => {
    expect(ipAllowed(ranges, '::ffff:10.1.2.3')).toBe(true);
    expect(ipAllowed(ranges, '::ffff:11.1.2.3')).toBe(false);
  });

  it('takes a range written with host bits set as its network', () => {
    expect(ipAllowed(ipRangesOf(['10.1.2.3/16']), '10.1.200.1')).toBe(true);
    expect(ipAllowed(ipRangesOf(['10.1.2.3/16']), '10.2.0.1')).toBe(false);
  });

  it('accepts any address when the key lists no ranges', () => {
    expect(ipRangesOf([])).toBeNull();
    expect(ipAllowed(null, '203.0.113.9')).toBe(true);
  });
});

describe('unreadableRange', () => {
  it('names the first entry Node cannot read as an address', () => {
    expect(unreadableRange(['10.0.0.0/8', '::1', '2001:db8::/48'])).toBeNull();
    expect(unreadableRange(['10.0.0.0/8', ':::::', '1.2.3'])).toBe(':::::');
    expect(unreadableRange(['01.2.3.4'])).toBe('01.2.3.4');
  });
});
