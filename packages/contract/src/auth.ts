import { z } from 'zod';
import { emailSchema } from './common.ts';
import { MIN_PASSWORD_LENGTH } from './password-policy.ts';

export const roles = ['admin', 'agent'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(200, 'Password must be at most 200 characters');

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: roleSchema,
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
  remember: z.boolean().optional(),
});
export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });

export const validateTokenBodySchema = z.object({ token: z.string().min(1, 'Token is required').max(200) });
export const userResponseSchema = z.object({ user: userSchema });

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({
  token: z.string().min(1, 'Invalid or missing reset token. Please request a new password reset.').max(200),
  newPassword: passwordSchema,
});
export const verifyEmailBodySchema = z.object({ token: z.string().min(1, 'Token is required').max(200) });
export const resendVerificationBodySchema = z.object({ email: emailSchema });
export const verificationRequiredResponseSchema = z.object({ required: z.boolean() });

export const changeOwnPasswordBodySchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(200),
  newPassword: passwordSchema,
});
export const setUserPasswordBodySchema = z.object({ newPassword: passwordSchema });

export const FORGOT_PASSWORD_ANSWER = 'If an account exists for that email, a password reset link has been sent.';
