import {
  type OutboundEvent,
  type OutboundWebhook,
  type OutboundWebhookCreate,
  outboundWebhookCreateSchema,
} from '@wac/contract/outbound-webhooks';
import { type FieldErrors, firstErrors } from '../../../../lib/form-errors';

export const outboundWebhookFields = ['url', 'events', 'description', 'active'] as const;
export type OutboundWebhookField = (typeof outboundWebhookFields)[number];

export interface OutboundWebhookFormValues {
  url: string;
  events: OutboundEvent[];
  description: string;
  active: boolean;
}

export const emptyOutboundWebhookForm: OutboundWebhookFormValues = { url: '', events: [], description: '', active: true };

export const formValuesOf = (webhook: OutboundWebhook): OutboundWebhookFormValues => ({
  url: webhook.url,
  events: webhook.events,
  description: webhook.description,
  active: webhook.active,
});

/** The body for POST or PUT, or the contract's message for each field that is wrong (the server says the same). */
export function outboundWebhookBodyOf(values: OutboundWebhookFormValues): {
  body: OutboundWebhookCreate;
  errors: FieldErrors<OutboundWebhookField>;
} {
  const body = { url: values.url, events: values.events, description: values.description, active: values.active };
  const parsed = outboundWebhookCreateSchema.safeParse(body);
  return { body, errors: parsed.success ? {} : firstErrors<OutboundWebhookField>(parsed.error) };
}
