import { errorBodySchema } from '@wac/contract/errors';

/** The refusals a domain's routes document beside their answer: bad input (400), no such row (404), a state that forbids it (409). */
export const refusals = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
