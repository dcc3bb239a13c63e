import { describe, expect, it } from 'vitest';
import { fieldOfServerError, validateNewUser, validatePasswordPair, validateUserEdit } from './user-validation';

describe('validateNewUser', () => {
  it('gives the contract messages under each field', () => {
    const { data, errors } = validateNewUser({ username: '', email: 'nope', password: '123', role: 'agent' });
    expect(data).toBeUndefined();
    expect(errors).toEqual({
      username: 'Username is required',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters long',
    });
  });

  it('asks for a blank email and password', () => {
    const { errors } = validateNewUser({ username: 'carol', email: '', password: '', role: 'agent' });
    expect(errors.email).toBe('Email is required');
    expect(errors.password).toBe('Password is required');
  });

  it('returns the cleaned data when valid', () => {
    const { data, errors } = validateNewUser({ username: ' carol ', email: 'Carol@Example.com', password: 'secret1', role: 'admin' });
    expect(errors).toEqual({});
    expect(data).toEqual({ username: 'carol', email: 'carol@example.com', password: 'secret1', role: 'admin' });
  });
});

describe('validateUserEdit', () => {
  it('checks username rules', () => {
    expect(validateUserEdit({ username: 'a b', email: 'a@b.co', role: 'agent' }).errors.username).toBe(
      'Username may contain only letters, digits, dots, dashes and underscores',
    );
    expect(validateUserEdit({ username: 'ab', email: 'a@b.co', role: 'agent' }).errors.username).toBe(
      'Username must be at least 3 characters',
    );
  });
});

describe('validatePasswordPair', () => {
  it('uses the spec texts', () => {
    expect(validatePasswordPair('', '')).toEqual({ newPassword: 'Password is required', confirmPassword: 'Please confirm your password' });
    expect(validatePasswordPair('12345', '12345')).toEqual({ newPassword: 'Password must be at least 6 characters long' });
    expect(validatePasswordPair('secret1', 'secret2')).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(validatePasswordPair('secret1', 'secret1')).toEqual({});
  });
});

describe('fieldOfServerError', () => {
  it('puts conflicts under their field', () => {
    expect(fieldOfServerError('Username is already taken')).toBe('username');
    expect(fieldOfServerError('Email is already in use')).toBe('email');
    expect(fieldOfServerError('There must be at least one admin')).toBeUndefined();
  });
});
