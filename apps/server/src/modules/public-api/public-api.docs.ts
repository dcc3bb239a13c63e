import { type ChatMessage, sentMessageResponseSchema } from '@wac/contract/chat';
import { errorBodySchema } from '@wac/contract/errors';
import { publicSendButtonsSchema, publicSendMediaFieldsSchema, publicSendTextSchema } from '@wac/contract/public-api';
import { sendTemplateBodySchema } from '@wac/contract/templates';
import { z } from 'zod';

// The public API's schemas as the OpenAPI document (/api/docs) shows them: with descriptions and examples.

export const publicApiTag = 'Public API';
export const publicApiTags = [publicApiTag];

/** The public API's tag as the docs list it, first. */
export const publicApiDocsTag = { name: publicApiTag, description: 'The sends an API key makes, with the X-API-Key header.' };
export const publicApiSecurity = [{ apiKey: [] }];
// No 401/402/403/429 schemas: they would strip the licence error fields of spec 8 (and the key guard writes them).
export const sendRefusals = { 400: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };

const sentMessage: ChatMessage = {
  id: 4812,
  conversationId: 96,
  wamid: 'wamid.HBgNNDQ3NzAwOTAwMTIzFQIAERgSQzY5RjQ3',
  direction: 'outbound',
  type: 'text',
  content: { text: 'Your order #1042 has shipped and arrives tomorrow.' },
  status: 'pending',
  timestamp: '2025-06-01T09:30:00.000Z',
  sentAt: null,
  deliveredAt: null,
  readAt: null,
  failedAt: null,
  error: null,
  retryCount: 0,
  sender: null,
  apiKey: { id: 3, name: 'Shop' },
  media: null,
  sentiment: null,
};

export const sentMessageDoc = sentMessageResponseSchema.meta({
  description:
    'The message as stored in the customer’s conversation (shown in /chat as sent by the key) and handed to Meta: `wamid` is Meta’s id once it accepted the send. A send Meta refused still answers 201, with status `failed` and Meta’s `error`, and can be retried from the console.',
  example: { message: sentMessage },
});

export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z.string().optional().meta({
    description:
      'Any unique string (at most 255 printable characters), such as a UUID or your order event id. A repeat with the same key and body within 24 hours answers the first answer (with `Idempotent-Replayed: true`) and sends nothing; 409 while the first is still running; 422 for the same key with a different body. Requests refused before anything was sent (400, 402, 403, 429) do not use up the key.',
    example: 'order-1042-shipped',
  }),
});

export const sendTextDoc = publicSendTextSchema.meta({
  description: 'A text message, within 24 hours of the customer’s last message (else 400 SERVICE_WINDOW_CLOSED: send a template).',
  example: { phone: '+447700900123', recipientName: 'Nora Smith', message: 'Your order #1042 has shipped and arrives tomorrow.' },
});

export const sendButtonsDoc = publicSendButtonsSchema.meta({
  description:
    'Up to 3 reply buttons (`buttons`), or a list of up to 10 rows behind one button (`list`), with an optional header and footer; within the 24-hour window. The customer’s choice arrives as an inbound message carrying the button’s or row’s id.',
  examples: [
    {
      phone: '+447700900123',
      header: 'Order #1042',
      body: 'Your parcel is ready. When should we deliver it?',
      footer: 'Reply any time',
      buttons: [
        { id: 'deliver-today', title: 'Today' },
        { id: 'deliver-tomorrow', title: 'Tomorrow' },
        { id: 'pick-up', title: 'I’ll pick it up' },
      ],
    },
    {
      phone: '+447700900123',
      body: 'Which store should we send it to?',
      list: {
        button: 'Choose a store',
        rows: [
          { id: 'store-soho', title: 'Soho', description: '12 Greek Street' },
          { id: 'store-camden', title: 'Camden', description: '3 Parkway' },
        ],
      },
    },
  ],
});

/** Documents the form of POST /api/send-media only: a multipart body is read by the route, not validated as JSON. */
export const sendMediaFormDoc = z
  .object({
    file: z.string().meta({
      format: 'binary',
      description: 'The file: image (JPEG, PNG, 5 MB), video (MP4, 3GPP, 16 MB), audio (16 MB) or document (100 MB)',
    }),
    ...publicSendMediaFieldsSchema.shape,
  })
  .meta({ example: { phone: '+447700900123', caption: 'Your invoice', type: 'document' } })
  // The multipart parser leaves the body null: this schema only describes the form.
  .nullish();

export const sendTemplateDoc = sendTemplateBodySchema.meta({
  description:
    'An approved template, inside or outside the 24-hour window: the same payload as the console’s. Parameters are checked against the template (400 naming the component) before anything is sent.',
  example: {
    phone: '+447700900123',
    template_name: 'order_shipped',
    language_code: 'en_US',
    components: [
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Nora' },
          { type: 'text', text: '#1042' },
        ],
      },
    ],
  },
});
