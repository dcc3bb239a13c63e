import type { Erasure } from '@wac/contract/erasure';
import { describe, expect, it } from 'vitest';
import { customerName, erasedItems, erasureQuestion } from './erasure-summary';

const erasure: Erasure = {
  contact: { id: 12, phone: '447700900123', name: 'Ada Lovelace' },
  items: [
    { name: 'messages', count: 12, bytes: 0 },
    { name: 'mediaFiles', count: 3, bytes: 1_258_291 },
    { name: 'conversations', count: 1, bytes: 0 },
    { name: 'campaignRecipients', count: 0, bytes: 0 },
    { name: 'flowSessions', count: 1, bytes: 0 },
    { name: 'activities', count: 1, bytes: 0 },
  ],
  erasedAt: null,
};

describe('an erasure in words', () => {
  it('names the customer by name and phone, or by phone alone', () => {
    expect(customerName(erasure.contact)).toBe('Ada Lovelace (447700900123)');
    expect(customerName({ ...erasure.contact, name: null })).toBe('447700900123');
  });

  it('counts what goes, in the singular where there is one, leaving out what has nothing', () => {
    expect(erasedItems(erasure.items)).toBe('12 messages, 3 media files (1.2 MB), 1 conversation, 1 bot flow session and 1 activity');
    expect(erasedItems([{ name: 'messages', count: 0, bytes: 0 }])).toBe('nothing but the contact');
  });

  it('asks naming the customer and the counts', () => {
    expect(erasureQuestion(erasure)).toBe(
      'Erase Ada Lovelace (447700900123) for good? 12 messages, 3 media files (1.2 MB), 1 conversation, 1 bot flow session and 1 activity will be deleted.',
    );
  });
});
