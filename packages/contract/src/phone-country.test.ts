import { expect, it } from 'vitest';
import { countryOfPhone } from './phone-country.ts';

it('names the country of a number, or the main country of its calling code', () => {
  expect(countryOfPhone('5511987654321')).toBe('BR');
  expect(countryOfPhone('919876543210')).toBe('IN');
  expect(countryOfPhone('447700900123')).toBe('GB');
  expect(countryOfPhone('15550100001')).toBe('US');
  expect(countryOfPhone('99912345678')).toBeNull();
});
