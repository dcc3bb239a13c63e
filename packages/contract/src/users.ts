import { z } from 'zod';
import { passwordSchema, roleSchema, userSchema } from './auth.ts';
import { emailSchema, pageQuery, paginationSchema } from './common.ts';

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, digits, dots, dashes and underscores');

export const listUsersQuerySchema = z.object({
  ...pageQuery(10),
  search: z.string().trim().max(100).optional(),
  role: roleSchema.optional(),
});
export const listUsersResponseSchema = z.object({ users: z.array(userSchema), pagination: paginationSchema });

export const createUserBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  role: roleSchema.default('agent'),
});
/** PUT /api/profile/email: users set their own address, verified as one an admin sets. */
export const updateOwnEmailBodySchema = z.object({ email: emailSchema });

export const updateUserBodySchema = z
  .object({
    username: usernameSchema,
    // A user without an email reads as null; saving that back keeps it so.
    email: emailSchema.nullable().transform((email) => email ?? undefined),
    role: roleSchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
