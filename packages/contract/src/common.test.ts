import { describe, expect, it } from 'vitest';
import { emailSchema, paginationOf } from './common.ts';
import { emailPattern } from './email-address.ts';

describe('emailPattern (spec 5: text, at sign, text, dot, text)', () => {
  it.each(['a@b.c', 'first.last@example.com', 'x+tag@sub.example.co.uk', 'UPPER@EXAMPLE.COM'])('accepts %s', (email) => {
    expect(emailPattern.test(email)).toBe(true);
  });

  it.each(['', 'plain', 'a@b', '@b.c', 'a@.c', 'a@b.', 'a b@c.d', 'a@b c.d', 'a@@b.c'])('refuses %j', (email) => {
    expect(emailPattern.test(email)).toBe(false);
  });
});

describe('emailSchema', () => {
  it('trims and lowercases', () => {
    expect(emailSchema.parse('  Alice@Example.COM ')).toBe('alice@example.com');
  });

  it('gives the spec messages', () => {
    expect(emailSchema.safeParse('').error?.issues[0]?.message).toBe('Email is required');
    expect(emailSchema.safeParse('nope').error?.issues[0]?.message).toBe('Please enter a valid email address');
  });
});

describe('paginationOf', () => {
  it('counts pages, at least one', () => {
    expect(paginationOf(1, 10, 0)).toEqual({ page: 1, limit: 10, total: 0, totalPages: 1 });
    expect(paginationOf(2, 10, 21)).toEqual({ page: 2, limit: 10, total: 21, totalPages: 3 });
  });
});
