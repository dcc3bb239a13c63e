import { describe, expect, it } from 'vitest';
import { notificationChunks } from './realtime.ts';

const emit = (n: number, bytes: number) => ({ event: 'e', payload: { n, pad: 'x'.repeat(bytes) } });

describe('notificationChunks', () => {
  it('keeps the order and cuts runs that each fit the limit; a bigger event travels alone', () => {
    const emits = [emit(0, 300), emit(1, 300), emit(2, 300), emit(3, 2000), emit(4, 10)];
    const chunks = notificationChunks(emits, 1000);
    expect(chunks.map((c) => c.map((e) => (e.payload as { n: number }).n))).toEqual([[0, 1], [2], [3], [4]]);
    expect(chunks.flat()).toEqual(emits);
  });

  it('sends nothing for no events', () => {
    expect(notificationChunks([])).toEqual([]);
  });
});
