import { describeWhatsAppError } from '@wac/contract/whatsapp-errors';
import type { QueuedFailure } from './fail-next.ts';
import { type SandboxBusiness, statusPayload } from './webhook-payloads.ts';
import type { WebhookSender } from './webhook-sender.ts';

/** Milliseconds after an accepted send at which each status webhook goes out. */
export interface StatusDelays {
  sent: number;
  delivered: number;
  read: number;
}

export const defaultStatusDelays: StatusDelays = { sent: 150, delivered: 400, read: 1200 };

export type ReportedStatus = 'sent' | 'delivered' | 'read' | 'failed';

/**
 * What Meta does after accepting a send: sent, delivered, read, or a single failed status carrying its error, each
 * echoing the send's biz_opaque_callback_data.
 * `reported` hears each status once it has been posted.
 */
export function scheduleDeliveryStatuses(
  sender: WebhookSender,
  business: SandboxBusiness,
  delays: StatusDelays,
  accepted: {
    wamid: string;
    /** The customer's number as the statuses show it: null when written to by BSUID while hiding their number. */
    recipientId: string | null;
    recipientUserId: string;
    failure?: QueuedFailure;
    send: { callbackData?: string };
    pricing?: { category: string; billable: boolean };
  },
  reported: (status: ReportedStatus, error?: { code: number; title: string }) => void,
): void {
  const { wamid, recipientId, recipientUserId, failure } = accepted;
  const { callbackData } = accepted.send;
  if (failure) {
    const error = { code: failure.code, title: failure.message ?? describeWhatsAppError(failure.code).title, details: failure.details };
    sender.later(delays.sent, async () => {
      await sender.post(statusPayload(business, { wamid, recipientId, recipientUserId, callbackData, status: 'failed', error }));
      reported('failed', { code: error.code, title: error.title });
    });
    return;
  }
  for (const status of ['sent', 'delivered', 'read'] as const) {
    sender.later(delays[status], async () => {
      await sender.post(statusPayload(business, { wamid, recipientId, recipientUserId, callbackData, status, pricing: accepted.pricing }));
      reported(status);
    });
  }
}
