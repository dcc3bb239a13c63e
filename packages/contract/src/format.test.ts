import { describe, expect, it } from 'vitest';
import { formatBadgeCount, formatBytes, formatCompactNumber, formatCurrency } from './format.ts';

describe('formatCompactNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1500, '1.5K'],
    [12_345, '12.3K'],
    [999_999, '1000K'],
    [1_000_000, '1M'],
    [2_500_000, '2.5M'],
    [-1500, '-1.5K'],
    [-2_000_000, '-2M'],
  ])('%d -> %s', (value, expected) => {
    expect(formatCompactNumber(value)).toBe(expected);
  });
});

describe('formatBadgeCount', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%d -> %s', (count, expected) => {
    expect(formatBadgeCount(count)).toBe(expected);
  });
});

describe('formatCurrency', () => {
  it('formats a known currency in the locale', () => {
    expect(formatCurrency(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatCurrency(1234.5, 'EUR', 'de-DE')).toMatch(/^1\.234,50\s€$/);
    expect(formatCurrency(5, 'JPY')).toBe('¥5');
  });

  it("falls back to 'CODE amount' with 2 decimals when the runtime cannot format the code", () => {
    expect(formatCurrency(12, 'NOT-A-CODE')).toBe('NOT-A-CODE 12.00');
    expect(formatCurrency(19.999, 'X')).toBe('X 20.00');
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [10_240 * 1024 * 1024, '10 GB'],
    [1_048_576 * 1024 * 1024, '1 TB'],
  ])('%d -> %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
