import { z } from 'zod';
import { emailPattern } from './email-address.ts';

const MAX_ID = 2_147_483_647;

/** Ids are PostgreSQL integers: anything larger is refused as bad input rather than failing in the database. */
export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Id must be a number' })
    .int('Id must be a whole number')
    .positive('Id must be positive')
    .max(MAX_ID, 'Id is too large'),
});

/** An id inside a JSON body, with the same bounds as idParamsSchema. */
export const bodyIdSchema = z.number().int().positive().max(MAX_ID, 'Id is too large');

export function pageQuery(defaultLimit: number, maxLimit = 100) {
  return {
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  };
}

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function paginationOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .regex(emailPattern, 'Please enter a valid email address')
  .transform((v) => v.toLowerCase());

/**
 * An update that also takes back what the matching read answered, so a client may save what it read: the read's
 * fields the update does not have (ids, times, counts, `hasPassword`) are accepted, whatever they hold, and dropped
 * before the update's own checks run, strict or not.
 */
export function acceptingReadBack<Update extends z.ZodObject, Read extends z.ZodObject>(update: Update, read: Read) {
  const readOnly = Object.keys(read.shape).filter((key) => !(key in update.shape));
  const ignored = Object.fromEntries(
    readOnly.map((key) => [key, z.unknown().optional().describe('Read-only: answered by the read, ignored here')]),
  );
  return update.extend(ignored).transform((value) => {
    const kept: Record<string, unknown> = { ...value };
    for (const key of readOnly) delete kept[key];
    return kept as z.output<Update>;
  });
}
