import { describe, expect, it } from 'vitest';
import { formatE164, normalizePhone, toE164Digits, withBrazilNinthDigit } from './whatsapp-phone.ts';

describe('toE164Digits', () => {
  it('strips formatting, the + and the 00 international prefix', () => {
    expect(toE164Digits('+1 (415) 555-0100')).toBe('14155550100');
    expect(toE164Digits('0044 20 7946 0958')).toBe('442079460958');
    expect(toE164Digits('5511987654321')).toBe('5511987654321');
    expect(toE164Digits(' +290 22222 ')).toBe('29022222');
  });

  it('rejects too short, too long, a leading zero and non-digits', () => {
    expect(toE164Digits('123456')).toBeNull();
    expect(toE164Digits('1234567890123456')).toBeNull();
    expect(toE164Digits('0123456789')).toBeNull();
    expect(toE164Digits('+1 415 abc')).toBeNull();
    expect(toE164Digits('')).toBeNull();
    expect(toE164Digits('+')).toBeNull();
  });
});

describe('withBrazilNinthDigit', () => {
  it('adds the ninth digit to eight-digit Brazilian mobiles', () => {
    expect(withBrazilNinthDigit('551187654321')).toBe('5511987654321');
    expect(withBrazilNinthDigit('552196543210')).toBe('5521996543210');
  });

  it('leaves nine-digit mobiles, landlines and other countries alone', () => {
    expect(withBrazilNinthDigit('5511987654321')).toBe('5511987654321');
    expect(withBrazilNinthDigit('551133334444')).toBe('551133334444');
    expect(withBrazilNinthDigit('14155550100')).toBe('14155550100');
    // 12 digits starting 55 but not Brazil-shaped: area codes have no zero.
    expect(withBrazilNinthDigit('550187654321')).toBe('550187654321');
  });
});

describe('normalizePhone', () => {
  it('maps every way of writing one Brazilian mobile to one form', () => {
    const forms = ['+55 (11) 98765-4321', '5511987654321', '551187654321', '0055 11 8765 4321'];
    expect(new Set(forms.map(normalizePhone))).toEqual(new Set(['5511987654321']));
  });

  it('keeps other numbers as E.164 digits and refuses what is not a number', () => {
    expect(normalizePhone('+44 20 7946 0958')).toBe('442079460958');
    expect(normalizePhone('not a phone')).toBeNull();
  });

  it('formats for display with a +', () => {
    expect(formatE164('5511987654321')).toBe('+5511987654321');
  });
});
