import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  it('gives ages in their two largest units', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(0.8)).toBe('0 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(185)).toBe('3 min 5 s');
    expect(formatDuration(7_800)).toBe('2 h 10 min');
    expect(formatDuration(7_205)).toBe('2 h');
    expect(formatDuration(273_600)).toBe('3 d 4 h');
  });
});
