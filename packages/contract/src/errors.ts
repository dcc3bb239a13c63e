import { z } from 'zod';
import { licenseErrorCodes } from './license-errors.ts';

export const errorCodes = [
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'CONFLICT',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'INVALID_TOKEN',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'FORBIDDEN',
  ...licenseErrorCodes,
  /** A free-form WhatsApp message outside the 24-hour customer service window. */
  'SERVICE_WINDOW_CLOSED',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export const successResponseSchema = z.object({ success: z.literal(true) });
