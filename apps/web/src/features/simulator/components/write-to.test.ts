import { describe, expect, it } from 'vitest';
import { businessNumber } from '../../../lib/business-numbers.fixture';
import { chosenNumber, writeToOptions } from './write-to';

const sandbox = [
  { phoneNumberId: '100000000000001', displayPhoneNumber: '15550100001' },
  { phoneNumberId: '100000000000002', displayPhoneNumber: '15550100002' },
];

describe('Write to', () => {
  it('names the sandbox’s numbers as the console does once it lists them, else by display number', () => {
    expect(writeToOptions(sandbox, [businessNumber()])).toEqual([
      { value: '100000000000001', label: '+15550100001' },
      { value: '100000000000002', label: '+15550100002' },
    ]);
    const sales = businessNumber({ id: 2, phoneNumberId: '100000000000002', displayPhoneNumber: null, name: 'Sales', first: false });
    expect(writeToOptions(sandbox, [businessNumber(), sales])[1]).toEqual({ value: '100000000000002', label: 'Sales (+15550100002)' });
  });

  it('sends and remembers the first number as none, and forgets one the sandbox does not play', () => {
    expect(chosenNumber('100000000000002', sandbox)).toBe('100000000000002');
    expect(chosenNumber('100000000000001', sandbox)).toBe('');
    expect(chosenNumber('999', sandbox)).toBe('');
    expect(chosenNumber(undefined, sandbox)).toBe('');
    // While the sandbox's list loads, the remembered choice stands.
    expect(chosenNumber('100000000000002', [])).toBe('100000000000002');
  });
});
