import { describe, expect, it } from 'vitest';
import { blockingLevel, blockingLevelColour, bytesToMb, fitsQuota, quotaRecord } from './license-quotas.ts';

describe('quotaRecord', () => {
  it('computes what is left and the percentage', () => {
    expect(quotaRecord(3, 10)).toEqual({
      used: 3,
      limit: 10,
      available: 7,
      percentage: 30,
      progressPercentage: 30,
      isExceeded: false,
      isWarning: false,
    });
  });

  it('warns from 80% and is exceeded from 100%, the two states exclusive', () => {
    expect(quotaRecord(79, 100)).toMatchObject({ isWarning: false, isExceeded: false });
    expect(quotaRecord(80, 100)).toMatchObject({ isWarning: true, isExceeded: false });
    expect(quotaRecord(99, 100)).toMatchObject({ isWarning: true, isExceeded: false });
    expect(quotaRecord(100, 100)).toMatchObject({ isWarning: false, isExceeded: true, available: 0 });
  });

  it('caps the progress at 100% but keeps the real percentage', () => {
    expect(quotaRecord(150, 100)).toMatchObject({ percentage: 150, progressPercentage: 100, available: 0, isExceeded: true });
  });

  it('rounds the percentage to one decimal', () => {
    expect(quotaRecord(1, 3).percentage).toBe(33.3);
    expect(quotaRecord(2, 3).percentage).toBe(66.7);
  });

  it('treats a zero limit as used up', () => {
    expect(quotaRecord(0, 0)).toMatchObject({ percentage: 100, progressPercentage: 100, isExceeded: true, available: 0 });
  });

  it('carries what an action requested', () => {
    expect(quotaRecord(2, 2, 3)).toMatchObject({ requested: 3, available: 0 });
  });
});

describe('fitsQuota', () => {
  it('allows reaching the limit exactly, never passing it', () => {
    expect(fitsQuota(4, 5, 1)).toBe(true);
    expect(fitsQuota(5, 5, 1)).toBe(false);
    expect(fitsQuota(3, 5, 3)).toBe(false);
    expect(fitsQuota(0, 0, 0)).toBe(true);
  });
});

describe('blockingLevel', () => {
  const ok = { isExceeded: false, isWarning: false };
  it('is 3 for any licence that is not active', () => {
    expect(blockingLevel('expired', [ok], null)).toBe(3);
    expect(blockingLevel('invalid', [], null)).toBe(3);
    expect(blockingLevel('suspended', [], 300)).toBe(3);
  });
  it('is 2 when a quota is used up, 1 when one is at 80%, 0 otherwise', () => {
    expect(blockingLevel('active', [ok, { isExceeded: true, isWarning: false }], 300)).toBe(2);
    expect(blockingLevel('active', [ok, { isExceeded: false, isWarning: true }], 300)).toBe(1);
    expect(blockingLevel('active', [ok, ok], 300)).toBe(0);
    expect(blockingLevel('active', [ok], null)).toBe(0);
  });
  it('is 1 within 14 days of expiry', () => {
    expect(blockingLevel('active', [ok], 14)).toBe(1);
    expect(blockingLevel('active', [ok], 15)).toBe(0);
  });
});

describe('blockingLevelColour (spec 4)', () => {
  it.each([
    [0, 'green'],
    [1, 'yellow'],
    [2, 'orange'],
    [3, 'red'],
    [7, 'red'],
  ])('%d is %s', (level, colour) => {
    expect(blockingLevelColour(level)).toBe(colour);
  });
});

describe('bytesToMb', () => {
  it('rounds up to a tenth of a MB', () => {
    expect(bytesToMb(0)).toBe(0);
    expect(bytesToMb(1)).toBe(0.1);
    expect(bytesToMb(1024 * 1024)).toBe(1);
    expect(bytesToMb(1.5 * 1024 * 1024)).toBe(1.5);
  });
});
