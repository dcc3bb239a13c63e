import { describe, expect, it } from 'vitest';
import { chattingAs, customerOfRecent, recentCustomerDetails, usernameError } from './customer-identity';

const ann = { phone: '+44 7700 900871', name: 'Ann', username: 'ann.b', hideNumber: true };

describe('customer identity in the simulator', () => {
  it('says whom the phone chats as: the name or number, then the username and whether the number is hidden', () => {
    expect(chattingAs(ann, '447700900871')).toBe('Chatting as Ann (@ann.b, number hidden)');
    expect(chattingAs({ ...ann, hideNumber: false }, '447700900871')).toBe('Chatting as Ann (@ann.b)');
    expect(chattingAs({ ...ann, name: ' ', username: '@ann.b' }, '447700900871')).toBe('Chatting as +447700900871 (@ann.b, number hidden)');
    expect(chattingAs({ ...ann, username: '' }, '447700900871')).toBe('Chatting as Ann');
  });

  it('leaves a username the sandbox would refuse out of the header', () => {
    expect(chattingAs({ ...ann, username: 'a b' }, '447700900871')).toBe('Chatting as Ann');
  });

  it("checks the username with the sandbox's own rule, and takes a blank one as none", () => {
    expect(usernameError({ username: '' })).toBeUndefined();
    expect(usernameError({ username: '  ' })).toBeUndefined();
    expect(usernameError({ username: '@ann.b' })).toBeUndefined();
    expect(usernameError({ username: 'ann_b.2026' })).toBeUndefined();
    const refusal = 'username must be 3 to 35 letters, digits, dots or underscores';
    expect(usernameError({ username: 'ab' })).toBe(refusal);
    expect(usernameError({ username: '12345' })).toBe(refusal);
    expect(usernameError({ username: 'ann b' })).toBe(refusal);
    expect(usernameError({ username: 'a'.repeat(36) })).toBe(refusal);
  });

  it('lists a recent customer with their number, username and hidden number, and picks them as they were', () => {
    const seen = { phone: '447700900871', name: 'Ann', username: 'ann.b', hidesNumber: true };
    expect(recentCustomerDetails(seen)).toEqual(['+447700900871', '@ann.b', 'number hidden']);
    expect(recentCustomerDetails({ ...seen, name: null, username: null, hidesNumber: false })).toEqual([]);
    expect(customerOfRecent(seen)).toEqual({ phone: '+447700900871', name: 'Ann', username: 'ann.b', hideNumber: true });
    expect(customerOfRecent({ ...seen, name: null, username: null, hidesNumber: false })).toEqual({
      phone: '+447700900871',
      name: '',
      username: '',
      hideNumber: false,
    });
  });
});
