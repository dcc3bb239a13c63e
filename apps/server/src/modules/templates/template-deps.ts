import { AppError, badRequest } from '../../http/app-error.ts';
import { CloudApiError } from '../../whatsapp/cloud-api-client.ts';
import type { MessagingDeps } from '../messaging/index.ts';

/** The chat's parts (a template send is a chat message) plus the app's timezone for analytics. */
export interface TemplateDeps extends MessagingDeps {
  timezone: () => Promise<string>;
}

/**
 * A Graph call on a template: Meta's refusal is bad input (400 with Meta's reason); Meta out of reach
 * is a 503 to try again. Either way the caller's transaction rolls back, so nothing is half-written.
 */
export async function atMeta<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof CloudApiError && !err.retryable) {
      const reason = err.details ?? err.metaMessage;
      throw badRequest(`Meta refused to ${what}: ${reason}`, { code: err.code ?? null, subcode: err.subcode ?? null, details: reason });
    }
    throw new AppError('SERVICE_UNAVAILABLE', `WhatsApp could not be reached to ${what}; try again in a moment`, 503);
  }
}
