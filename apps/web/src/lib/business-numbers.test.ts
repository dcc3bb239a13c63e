import { describe, expect, it } from 'vitest';
import { numberLabelOf, numberOptionLabel } from './business-numbers';
import { businessNumber } from './business-numbers.fixture';
import { chatPath } from './chat-path';

const first = businessNumber();
const sales = businessNumber({ id: 2, phoneNumberId: '100000000000002', displayPhoneNumber: '15550100002', name: 'Sales', first: false });

describe('business numbers', () => {
  it('name a number by its name and display number, and a number the list does not hold by its id', () => {
    expect(numberLabelOf([first, sales], '100000000000002')).toBe('Sales (+15550100002)');
    expect(numberLabelOf([first, sales], '100000000000001')).toBe('+15550100001');
    expect(numberLabelOf([first], '999')).toBe('999');
  });

  it('say so after a disabled number where one is chosen', () => {
    expect(numberOptionLabel(sales)).toBe('Sales (+15550100002)');
    expect(numberOptionLabel({ ...sales, enabled: false })).toBe('Sales (+15550100002) (disabled)');
  });
});

describe('chatPath', () => {
  it('opens the customer’s conversation on a business number when it is known, else their latest', () => {
    expect(chatPath('447700900881')).toBe('/chat?phone=447700900881');
    expect(chatPath('447700900881', '100000000000002')).toBe('/chat?phone=447700900881&number=100000000000002');
    expect(chatPath('GB.123', null)).toBe('/chat?phone=GB.123');
  });
});
