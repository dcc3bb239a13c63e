import type { Db } from '../../db/database.ts';
import type { ClaimLoopKind } from '../../jobs/job-runner.ts';
import { retryWebhookEvent, webhookEventQueue } from './webhook-events.repository.ts';
import { WEBHOOK_MAX_ATTEMPTS, type WebhookProcessor } from './webhook-processor.ts';

/** Stored webhook deliveries turned into contacts, messages and statuses, a claimed batch at a time. */
export function webhookProcessingLoop(db: Db, processor: WebhookProcessor): ClaimLoopKind {
  return {
    name: 'messaging.webhook-events',
    title: 'Process webhook events',
    loop: processor,
    queue: () => webhookEventQueue(db, WEBHOOK_MAX_ATTEMPTS),
    retry: (id) => retryWebhookEvent(db, id, WEBHOOK_MAX_ATTEMPTS),
  };
}
