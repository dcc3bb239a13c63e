import { newPasswordErrors } from '@wac/contract/password-policy';

export function validateChangePassword(values: { current: string; password: string; confirm: string }) {
  const errors: { current?: string; password?: string; confirm?: string } = newPasswordErrors(values);
  if (!values.current) errors.current = 'Current password is required';
  return errors;
}
