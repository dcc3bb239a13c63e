import { newPasswordErrors } from '@wac/contract/password-policy';
import { describe, expect, it } from 'vitest';
import { validateEmail, validateLogin } from './auth-validation';

describe('login validation', () => {
  it('names each blank field with the spec text', () => {
    expect(validateLogin({ username: '  ', password: '' })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(validateLogin({ username: 'amy', password: 'x' })).toEqual({});
  });
});

describe('forgot-password validation', () => {
  it('asks for an email, then for a valid one', () => {
    expect(validateEmail('')).toBe('Email is required');
    expect(validateEmail('amy@example')).toBe('Please enter a valid email address');
    expect(validateEmail('amy example.com')).toBe('Please enter a valid email address');
    expect(validateEmail('amy@example.com')).toBeUndefined();
  });
});

describe('new password rules', () => {
  it('follows spec 5 in order', () => {
    expect(newPasswordErrors({ password: '', confirm: '' })).toEqual({
      password: 'Password is required',
      confirm: 'Please confirm your password',
    });
    expect(newPasswordErrors({ password: '12345', confirm: '12345' })).toEqual({ password: 'Password must be at least 6 characters long' });
    expect(newPasswordErrors({ password: '123456', confirm: '1234567' })).toEqual({ confirm: 'Passwords do not match' });
    expect(newPasswordErrors({ password: '123456', confirm: '123456' })).toEqual({});
  });
});
