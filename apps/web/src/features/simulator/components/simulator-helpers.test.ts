import { afterEach, describe, expect, it } from 'vitest';
import { inboundBody } from '../api/send-as-customer';
import { failNextBody, failureCodeLabel } from './fail-next-options';
import { rememberCustomer, rememberedCustomer } from './remembered-customer';

afterEach(() => localStorage.clear());

const nobody = { phone: '', name: '', username: '', hideNumber: false };

describe('simulator helpers', () => {
  it('remembers the last customer played, and starts empty when nothing (or nonsense) is stored', () => {
    expect(rememberedCustomer()).toEqual(nobody);
    rememberCustomer({ phone: ' +44 7700 900123 ', name: ' Priya ', username: ' priya.s ', hideNumber: true });
    expect(rememberedCustomer()).toEqual({ phone: '+44 7700 900123', name: 'Priya', username: 'priya.s', hideNumber: true });
    localStorage.setItem('simulatorCustomer', '{not json');
    expect(rememberedCustomer()).toEqual(nobody);
    localStorage.setItem('simulatorCustomer', 'null');
    expect(rememberedCustomer()).toEqual(nobody);
  });

  it('reads a customer remembered before usernames existed, and never remembers a hidden number without a username', () => {
    localStorage.setItem('simulatorCustomer', JSON.stringify({ phone: '+44 7700 900123', name: 'Priya' }));
    expect(rememberedCustomer()).toEqual({ ...nobody, phone: '+44 7700 900123', name: 'Priya' });
    localStorage.setItem('simulatorCustomer', JSON.stringify({ phone: '+1', username: 42, hideNumber: 'yes' }));
    expect(rememberedCustomer()).toEqual({ ...nobody, phone: '+1' });
    rememberCustomer({ phone: '+44 7700 900123', name: '', username: ' ', hideNumber: true });
    expect(rememberedCustomer().hideNumber).toBe(false);
  });

  it('sends as the customer, leaving out a blank name and username, and always saying whether the number is hidden', () => {
    expect(inboundBody({ ...nobody, phone: ' +447700900123', name: ' ' }, { type: 'text', text: 'Hi' })).toEqual({
      from: '+447700900123',
      type: 'text',
      text: 'Hi',
      hideNumber: false,
    });
    expect(
      inboundBody({ ...nobody, phone: '447700900123', name: 'Priya' }, { type: 'button_reply', replyId: 'yes', replyTitle: 'Yes' }),
    ).toMatchObject({ from: '447700900123', name: 'Priya', replyId: 'yes' });
  });

  it('sends the username without the "@" people type, and hides the number only behind one', () => {
    const ann = { phone: '+447700900871', name: 'Ann', username: ' @ann.b ', hideNumber: true };
    expect(inboundBody(ann, { type: 'text', text: 'Hi' })).toEqual({
      from: '+447700900871',
      name: 'Ann',
      username: 'ann.b',
      hideNumber: true,
      type: 'text',
      text: 'Hi',
    });
    expect(inboundBody({ ...ann, username: '' }, { type: 'text', text: 'Hi' })).not.toHaveProperty('username');
    expect(inboundBody({ ...ann, username: '' }, { type: 'text', text: 'Hi' }).hideNumber).toBe(false);
    expect(inboundBody({ ...ann, hideNumber: false }, { type: 'image', mediaId: 'm1' })).toMatchObject({
      username: 'ann.b',
      hideNumber: false,
      mediaId: 'm1',
    });
  });

  it('writes to the chosen business number, remembered with the customer; the first goes as none', () => {
    const ola = { phone: '+44 7700 900881', name: 'Ola', username: '', hideNumber: false, number: '100000000000002' };
    expect(inboundBody(ola, { type: 'text', text: 'Hello sales' })).toMatchObject({ from: '+44 7700 900881', to: '100000000000002' });
    expect(inboundBody({ ...ola, number: '' }, { type: 'text', text: 'Hi' })).not.toHaveProperty('to');
    rememberCustomer(ola);
    expect(rememberedCustomer()).toEqual(ola);
    rememberCustomer({ ...ola, number: '' });
    expect(rememberedCustomer()).not.toHaveProperty('number');
  });

  it('fails a rate limit with HTTP 429 and the rest with 400, labelled with Meta’s title', () => {
    expect(failNextBody({ code: 130429, count: 2, via: 'response' })).toEqual({ code: 130429, count: 2, via: 'response', httpStatus: 429 });
    expect(failNextBody({ code: 131047, count: 1, via: 'status' }).httpStatus).toBe(400);
    expect(failureCodeLabel(131026)).toBe('131026 — Message undeliverable');
  });
});
