import type { Db } from '../../db/database.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { type CloudApiClient, CloudApiError } from '../../whatsapp/cloud-api-client.ts';
import type { ActivityService } from '../activities/index.ts';
import type { LicenseService } from '../license/index.ts';
import type { MessagingService } from '../messaging/index.ts';

/** What templates' use cases work with. */
export interface TemplateDeps {
  db: Db;
  realtime: Realtime;
  activities: ActivityService;
  /** Feature `templates` on a retry; header files against the storage quota. */
  license: LicenseService;
  /**
   * Templates at Meta: created, updated, deleted, listed; header samples, and header media uploaded as Meta media ids.
   * No send: template messages go through messaging.
   */
  client: Pick<
    CloudApiClient,
    'createTemplate' | 'updateTemplate' | 'deleteTemplate' | 'listAllTemplates' | 'uploadTemplateSample' | 'uploadMedia'
  >;
  /** DATA_DIR/uploads: files kept to send as template header media, again when a failed template is retried. */
  uploads: MediaStorage;
  /** Where template messages are sent, as every message is: stored in the customer's conversation and handed to Meta. */
  messaging: MessagingService;
}

/** What a template message's media and parameters are resolved with, sent or not: everything but messaging. */
export type TemplatePartsDeps = Omit<TemplateDeps, 'messaging'>;

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
