import { describe, expect, it } from 'vitest';
import { conversation } from '../chat-test-fixtures';
import { isOpenConversation } from './open-conversation';

describe('isOpenConversation', () => {
  // One customer, a conversation on each business number.
  const onFirst = conversation(1);
  const onSecond = { ...conversation(2, { phoneNumberId: '100000000000002' }), contact: onFirst.contact };
  const phone = onFirst.contact.phone;

  it('marks the loaded conversation alone, not the customer’s conversation on the other number', () => {
    const open = { phone, phoneNumberId: null, conversationId: 2 };
    expect(isOpenConversation(onSecond, open)).toBe(true);
    expect(isOpenConversation(onFirst, open)).toBe(false);
  });

  it('before the thread loads, marks the customer’s conversation on the URL’s number, or any of theirs without one', () => {
    expect(isOpenConversation(onSecond, { phone, phoneNumberId: '100000000000002', conversationId: null })).toBe(true);
    expect(isOpenConversation(onFirst, { phone, phoneNumberId: '100000000000002', conversationId: null })).toBe(false);
    expect(isOpenConversation(onFirst, { phone, phoneNumberId: null, conversationId: null })).toBe(true);
    expect(isOpenConversation(conversation(3), { phone, phoneNumberId: null, conversationId: null })).toBe(false);
    expect(isOpenConversation(onFirst, { phone: '', phoneNumberId: null, conversationId: null })).toBe(false);
  });
});
