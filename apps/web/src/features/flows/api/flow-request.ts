import { ApiError } from '../../../lib/api-client';

/** The save was refused because the flow was saved elsewhere since it was loaded. */
export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;
