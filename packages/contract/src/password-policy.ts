// Kept free of zod so the sign-in screens stay small.
export const MIN_PASSWORD_LENGTH = 6;
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
export const RESET_REDIRECT_MS = 3000;

/** Spec 5's new-password and confirmation rules, shared by the reset, profile and user-admin forms. */
export function newPasswordErrors(values: { password: string; confirm: string }): { password?: string; confirm?: string } {
  const errors: { password?: string; confirm?: string } = {};
  if (!values.password) errors.password = 'Password is required';
  else if (values.password.length < MIN_PASSWORD_LENGTH)
    errors.password = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  if (!values.confirm) errors.confirm = 'Please confirm your password';
  else if (values.password && values.confirm !== values.password) errors.confirm = 'Passwords do not match';
  return errors;
}
