import { passwordSchema, type Role } from '@wac/contract/auth';
import { createUserBodySchema, updateUserBodySchema } from '@wac/contract/users';
import { z } from 'zod';

export interface UserFormValues {
  username: string;
  email: string;
  password: string;
  role: Role;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

function firstErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const [field, messages] of Object.entries(z.flattenError(error).fieldErrors) as [K, string[] | undefined][]) {
    if (messages?.[0]) errors[field] = messages[0];
  }
  return errors;
}

/** Same schema the server checks POST /api/register with, so the messages match. */
export function validateNewUser(values: UserFormValues) {
  const result = createUserBodySchema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} as FieldErrors<keyof UserFormValues> };
  return { data: undefined, errors: firstErrors<keyof UserFormValues>(result.error) };
}

export function validateUserEdit(values: Omit<UserFormValues, 'password'>) {
  const result = updateUserBodySchema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} as FieldErrors<'username' | 'email' | 'role'> };
  return { data: undefined, errors: firstErrors<'username' | 'email' | 'role'>(result.error) };
}

export function validatePasswordPair(newPassword: string, confirmPassword: string): FieldErrors<'newPassword' | 'confirmPassword'> {
  const errors: FieldErrors<'newPassword' | 'confirmPassword'> = {};
  const password = passwordSchema.safeParse(newPassword);
  if (!password.success) errors.newPassword = password.error.issues[0]?.message;
  if (confirmPassword === '') errors.confirmPassword = 'Please confirm your password';
  else if (confirmPassword !== newPassword) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

/** Puts a server conflict such as 'Username is already taken' under the field it is about. */
export function fieldOfServerError(message: string): 'username' | 'email' | undefined {
  const lower = message.toLowerCase();
  if (lower.startsWith('username')) return 'username';
  if (lower.startsWith('email') || lower.includes('email address is already')) return 'email';
  return undefined;
}
