import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressKind, describeAddressKind, isPublicAddress } from './public-address.ts';

describe('addressKind', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.1', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['192.169.0.1', 'public'],
    ['223.255.255.255', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'reserved'],
    ['10.0.0.5', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
  ])('IPv4 %s is %s', (ip, kind) => {
    expect(addressKind(ip)).toBe(kind);
  });

  it.each([
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['FEBF::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['2001:2::1', 'reserved'],
    ['100::1', 'reserved'],
    ['64:ff9b:1::1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['4000::1', 'reserved'],
  ])('IPv6 %s is %s', (ip, kind) => {
    expect(addressKind(ip)).toBe(kind);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:10.1.2.3', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['[::ffff:192.168.0.1]', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:0808:0808::1', 'public'],
  ])('an IPv6 address carrying IPv4, %s, is judged by it: %s', (ip, kind) => {
    expect(addressKind(ip)).toBe(kind);
  });

  it.each(['localhost', '', '1.2.3', '256.1.1.1', '010.0.0.1', '::g', 'example.com', '1.2.3.4.5'])('%j is invalid', (ip) => {
    expect(addressKind(ip)).toBe('invalid');
    expect(isPublicAddress(ip)).toBe(false);
  });

  it('describes each kind for a sentence', () => {
    expect(`The address 10.0.0.5 is ${describeAddressKind(addressKind('10.0.0.5'))}`).toBe('The address 10.0.0.5 is private');
    expect(describeAddressKind('loopback')).toContain('loopback');
  });

  it('judges an IPv4-mapped IPv6 address as its IPv4 address, for every address', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(addressKind(`::ffff:${ip}`)).toBe(addressKind(ip));
        expect(isPublicAddress(`::ffff:${ip}`)).toBe(isPublicAddress(ip));
      }),
    );
  });

  it('never throws and answers a known kind for any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.ipV4(), fc.ipV6(), fc.ipV4Extended()), (ip) => {
        expect(typeof describeAddressKind(addressKind(ip))).toBe('string');
      }),
    );
  });

  it('finds no public address in the private, loopback or link-local ranges', () => {
    const inRange = (a: number, b: [number, number]) =>
      fc.tuple(fc.integer({ min: b[0], max: b[1] }), fc.nat(255), fc.nat(255)).map(([x, y, z]) => `${a}.${x}.${y}.${z}`);
    fc.assert(
      fc.property(
        fc.oneof(inRange(10, [0, 255]), inRange(127, [0, 255]), inRange(169, [254, 254]), inRange(172, [16, 31]), inRange(192, [168, 168])),
        (ip) => {
          expect(isPublicAddress(ip)).toBe(false);
        },
      ),
    );
  });
});
