import { afterEach, describe, expect, it } from 'vitest';
import { inboundBody } from '../api/send-as-customer';
import { failNextBody, failureCodeLabel } from './fail-next-options';
import { rememberCustomer, rememberedCustomer } from './remembered-customer';

afterEach(() => localStorage.clear());

describe('simulator helpers', () => {
  it('remembers the last customer played, and starts empty when nothing (or nonsense) is stored', () => {
    expect(rememberedCustomer()).toEqual({ phone: '', name: '' });
    rememberCustomer({ phone: ' +44 7700 900123 ', name: ' Priya ' });
    expect(rememberedCustomer()).toEqual({ phone: '+44 7700 900123', name: 'Priya' });
    localStorage.setItem('simulatorCustomer', '{not json');
    expect(rememberedCustomer()).toEqual({ phone: '', name: '' });
  });

  it('sends as the customer, leaving out a blank name', () => {
    expect(inboundBody({ phone: ' +447700900123', name: ' ' }, { type: 'text', text: 'Hi' })).toEqual({
      from: '+447700900123',
      type: 'text',
      text: 'Hi',
    });
    expect(
      inboundBody({ phone: '447700900123', name: 'Priya' }, { type: 'button_reply', replyId: 'yes', replyTitle: 'Yes' }),
    ).toMatchObject({ from: '447700900123', name: 'Priya', replyId: 'yes' });
  });

  it('fails a rate limit with HTTP 429 and the rest with 400, labelled with Meta’s title', () => {
    expect(failNextBody({ code: 130429, count: 2, via: 'response' })).toEqual({ code: 130429, count: 2, via: 'response', httpStatus: 429 });
    expect(failNextBody({ code: 131047, count: 1, via: 'status' }).httpStatus).toBe(400);
    expect(failureCodeLabel(131026)).toBe('131026 — Message undeliverable');
  });
});
