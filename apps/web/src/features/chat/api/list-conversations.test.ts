import { describe, expect, it } from 'vitest';
import { conversation } from '../chat-test-fixtures';
import { type ConversationsPage, conversationsQuery, flattenConversations, listFilters, listTakesNumber } from './list-conversations';

const page = (ids: number[], nextCursor: string | null): ConversationsPage => ({
  conversations: ids.map((id) => conversation(id)),
  pagination: { page: 1, limit: 30, total: 100, totalPages: 4 },
  nextCursor,
});

describe('conversationsQuery', () => {
  it('asks for the first page without a cursor and for each next one with the cursor of the page before, until none is left', () => {
    const query = conversationsQuery(' zoe ');
    expect(query.queryKey).toEqual(['chat', 'conversations', { search: 'zoe' }]);
    expect(query.initialPageParam).toBeNull();
    const first = page([3, 2], 'after-2');
    expect(query.getNextPageParam(first, [first], null, [null])).toBe('after-2');
    const last = page([1], null);
    expect(query.getNextPageParam(last, [first, last], 'after-2', [null, 'after-2'])).toBeUndefined();
    expect(flattenConversations([first, last]).map((c) => c.id)).toEqual([3, 2, 1]);
  });

  it('keys a list of one business number by that number too, and tells which conversations such a list takes', () => {
    const key = conversationsQuery('', '100000000000002').queryKey;
    expect(key).toEqual(['chat', 'conversations', { search: '', phoneNumberId: '100000000000002' }]);
    const filters = listFilters(key);
    expect(filters).toEqual({ search: '', phoneNumberId: '100000000000002' });
    expect(listTakesNumber(filters, '100000000000002')).toBe(true);
    expect(listTakesNumber(filters, '100000000000001')).toBe(false);
    expect(listTakesNumber(listFilters(conversationsQuery('zoe').queryKey), '100000000000001')).toBe(true);
  });
});
