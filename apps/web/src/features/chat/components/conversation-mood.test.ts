import type { MessageSentiment } from '@wac/contract/sentiment';
import { describe, expect, it } from 'vitest';
import { message, outbound } from '../chat-test-fixtures';
import { conversationMood, MOOD_WINDOW } from './conversation-mood';

const scored = (id: number, score: number, over: Partial<MessageSentiment> = {}) =>
  message(id, {
    sentiment: { label: score >= 0.05 ? 'positive' : score <= -0.05 ? 'negative' : 'neutral', score, corrected: false, ...over },
  });

describe('conversationMood', () => {
  it('is null before any customer text is scored, and reads no message of the business', () => {
    expect(conversationMood([message(1), outbound(2)])).toBeNull();
  });

  it('gives the level alone with fewer than four scored texts', () => {
    expect(conversationMood([scored(1, -0.6), message(2), scored(3, -0.2)])).toEqual({
      average: -0.4,
      level: 'negative',
      trend: null,
      count: 2,
      halves: null,
    });
  });

  it('calls it worsening, improving or steady from the newer half against the older half', () => {
    expect(conversationMood([scored(1, 0.6), scored(2, 0.4), scored(3, -0.3), scored(4, -0.7)])).toMatchObject({
      trend: 'worsening',
      level: 'neutral',
      halves: { older: 0.5, newer: -0.5 },
    });
    expect(conversationMood([scored(1, -0.8), scored(2, -0.4), scored(3, 0.1), scored(4, 0.5)])?.trend).toBe('improving');
    expect(conversationMood([scored(1, 0.3), scored(2, 0.4), scored(3, 0.5), scored(4, 0.2)])?.trend).toBe('steady');
  });

  it('counts a corrected label as its label, not the scorer’s score', () => {
    const corrected = scored(2, -0.9, { label: 'positive', corrected: true });
    expect(conversationMood([scored(1, 0.5), corrected])?.average).toBe(0.5);
  });

  it('reads only the last twenty scored texts', () => {
    const old = Array.from({ length: 10 }, (_, i) => scored(i + 1, -0.9));
    const recent = Array.from({ length: MOOD_WINDOW }, (_, i) => scored(i + 11, 0.4));
    expect(conversationMood([...old, ...recent])).toMatchObject({ count: MOOD_WINDOW, trend: 'steady', level: 'positive' });
  });
});
