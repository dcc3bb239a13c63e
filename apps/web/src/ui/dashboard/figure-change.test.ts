import { describe, expect, it } from 'vitest';
import { figureChange } from './figure-change';

describe('figureChange', () => {
  it('says up or down in whole percent against the previous period', () => {
    expect(figureChange(150, 120)).toEqual({ direction: 'up', percent: 25, text: 'Up 25% on the previous period' });
    expect(figureChange(90, 120)).toEqual({ direction: 'down', percent: 25, text: 'Down 25% on the previous period' });
  });

  it('tells no change, a rise from nothing, and nothing when a side is unknown', () => {
    expect(figureChange(7, 7)?.text).toBe('Same as the previous period');
    expect(figureChange(4, 0)).toEqual({ direction: 'new', percent: null, text: 'Up from none in the previous period' });
    expect(figureChange(null, 3)).toBeNull();
    expect(figureChange(3, null)).toBeNull();
  });
});
