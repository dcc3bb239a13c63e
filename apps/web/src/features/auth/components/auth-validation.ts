import { emailPattern } from '@wac/contract/email-address';

/** Spec 5's rules and texts for the three public forms, checked before anything is sent. */
export function validateLogin(values: { username: string; password: string }) {
  const errors: { username?: string; password?: string } = {};
  if (!values.username.trim()) errors.username = 'Username is required';
  if (!values.password) errors.password = 'Password is required';
  return errors;
}

export function validateEmail(email: string): string | undefined {
  if (!email.trim()) return 'Email is required';
  if (!emailPattern.test(email.trim())) return 'Please enter a valid email address';
  return undefined;
}

export const MISSING_RESET_TOKEN = 'Invalid or missing reset token. Please request a new password reset.';
