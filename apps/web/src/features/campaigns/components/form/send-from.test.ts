import { describe, expect, it } from 'vitest';
import { businessNumber } from '../../../../lib/business-numbers.fixture';
import { sendFromOptions } from './send-from';

const first = businessNumber();
const sales = businessNumber({ id: 2, phoneNumberId: '2', displayPhoneNumber: '15550100002', name: 'Sales', first: false });
const old = businessNumber({ id: 3, phoneNumberId: '3', displayPhoneNumber: '15550100003', name: 'Old', first: false, enabled: false });

describe('sendFromOptions', () => {
  it('offers the enabled numbers, the first first, and nothing to choose with one number', () => {
    expect(sendFromOptions([first, sales, old])).toEqual([
      { value: first.phoneNumberId, label: '+15550100001', disabled: false },
      { value: '2', label: 'Sales (+15550100002)', disabled: false },
    ]);
    expect(sendFromOptions([first])).toEqual([]);
  });

  it('keeps the campaign’s own number in the list once disabled, without letting it be chosen again', () => {
    expect(sendFromOptions([first, sales, old], '3').at(-1)).toEqual({
      value: '3',
      label: 'Old (+15550100003) (disabled)',
      disabled: true,
    });
  });
});
