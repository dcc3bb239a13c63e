import type { ErrorCode } from '@wac/contract/errors';

/** The one error services throw; the error handler turns it into `{ error, code, details? }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly details?: unknown,
    /** Extra top-level fields, such as the licence error payload of spec 8. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError('VALIDATION_ERROR', message, 400, details);
export const notFound = (message: string) => new AppError('NOT_FOUND', message, 404);
export const conflict = (message: string) => new AppError('CONFLICT', message, 409);
export const unauthorized = (message = 'Authentication required') => new AppError('UNAUTHORIZED', message, 401);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('INSUFFICIENT_PERMISSIONS', message, 403);
