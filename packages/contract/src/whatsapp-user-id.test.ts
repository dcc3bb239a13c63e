import { describe, expect, it } from 'vitest';
import { bsuidCountry, contactAddress, customerLabel, normalizeBsuid, parseCustomerAddress } from './whatsapp-user-id.ts';

describe('normalizeBsuid', () => {
  it("takes Meta's shapes, a parent BSUID included", () => {
    expect(normalizeBsuid(' US.13491208655302741918 ')).toBe('US.13491208655302741918');
    expect(normalizeBsuid('US.ENT.11815799212886844830')).toBe('US.ENT.11815799212886844830');
    expect(normalizeBsuid('BR.abcDEF123')).toBe('BR.abcDEF123');
  });

  it('refuses a missing or lower-case country, a missing id and other characters', () => {
    for (const bad of ['13491208655302741918', 'us.1349', 'USA.1349', 'US.', 'US.12-34', 'US 1234', '+447700900123', '']) {
      expect(normalizeBsuid(bad)).toBeNull();
    }
  });
});

describe('parseCustomerAddress', () => {
  it('reads a BSUID as one and a phone number in any writing as its canonical digits', () => {
    expect(parseCustomerAddress('US.13491208655302741918')).toEqual({ phone: null, bsuid: 'US.13491208655302741918' });
    expect(parseCustomerAddress('+44 7700 900123')).toEqual({ phone: '447700900123', bsuid: null });
    expect(parseCustomerAddress('hello')).toBeNull();
  });
});

describe('how a customer is shown', () => {
  it('prefers the number, then the username, then the BSUID', () => {
    const bsuid = 'GB.998877';
    expect(customerLabel({ phone: '447700900123', bsuid, username: 'ann' })).toBe('+447700900123');
    expect(customerLabel({ phone: null, bsuid, username: 'ann' })).toBe('@ann');
    expect(customerLabel({ phone: null, bsuid, username: null })).toBe(bsuid);
    expect(contactAddress({ phone: null, bsuid })).toBe(bsuid);
    expect(contactAddress({ phone: '447700900123', bsuid })).toBe('447700900123');
    expect(bsuidCountry(bsuid)).toBe('GB');
  });
});
